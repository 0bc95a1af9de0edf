/** The shops list's search and filters (store type, featured, verified); every change starts on page 1. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TYPES, type StoreType } from '../../domain/catalog-constants';
import { textIn } from '../../domain/catalog-text';
import { STORE_TYPE_NAMES } from '../../domain/store-types';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { SearchForm } from '../ui/search-form';
import { CheckRow } from '../ui/check-row';
import { activeFilterCount, DEFAULT_SHOP_LIST, withFilters, type ShopListState } from './shop-filters';
import * as styles from './shops-page.css';

export function ShopListFilters({ state, onChange }: { state: ShopListState; onChange: (next: ShopListState) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const typeId = useId();

  return (
    <div className={styles.filters}>
      <SearchForm
        value={state.search}
        label={t('shops.search')}
        placeholder={t('shops.searchPlaceholder')}
        submitLabel={t('shops.searchSubmit')}
        onSearch={(search) => onChange(withFilters(state, { search }))}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('shops.filters')}</legend>
        <div className={styles.filterRow}>
          <label htmlFor={typeId} className={styles.label}>
            {t('shops.storeType')}
          </label>
          <select
            id={typeId}
            className={styles.input}
            value={state.storeType ?? ''}
            onChange={(e) => onChange(withFilters(state, { storeType: (e.target.value || null) as StoreType | null }))}
          >
            <option value="">{t('shops.anyType')}</option>
            {STORE_TYPES.map((type) => (
              <option key={type} value={type}>
                {textIn(STORE_TYPE_NAMES[type], language)}
              </option>
            ))}
          </select>
        </div>
        <CheckRow checked={state.featured} onChecked={(featured) => onChange(withFilters(state, { featured }))}>
          {t('shops.featuredOnly')}
        </CheckRow>
        <CheckRow checked={state.verified} onChecked={(verified) => onChange(withFilters(state, { verified }))}>
          {t('shops.verifiedOnly')}
        </CheckRow>
        {activeFilterCount(state) + (state.search ? 1 : 0) > 0 && (
          <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={() => onChange(DEFAULT_SHOP_LIST)}>
            {t('shops.clear')}
          </button>
        )}
      </fieldset>
    </div>
  );
}
