/** The shops list's search and filters (store type, featured, verified); every change starts on page 1. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TYPES, type StoreType } from '../../domain/catalog-constants';
import { button } from '../theme/recipes.css';
import { CheckRow } from '../ui/check-row';
import { activeFilterCount, DEFAULT_SHOP_LIST, withFilters, type ShopListState } from './shop-filters';
import * as styles from './shops-page.css';

export function ShopListFilters({ state, onChange }: { state: ShopListState; onChange: (next: ShopListState) => void }) {
  const { t } = useTranslation();
  const typeId = useId();
  const searchId = useId();
  const [search, setSearch] = useState(state.search);
  // The URL is the truth: back/forward or a cleared filter updates the field.
  useEffect(() => setSearch(state.search), [state.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(withFilters(state, { search: search.trim() }));
  };

  return (
    <div className={styles.filters}>
      <form role="search" aria-label={t('shops.search')} className={styles.searchForm} onSubmit={submit}>
        <label htmlFor={searchId} className={styles.label}>
          {t('shops.search')}
        </label>
        <div className={styles.searchRow}>
          <input
            id={searchId}
            type="search"
            className={styles.input}
            value={search}
            maxLength={100}
            placeholder={t('shops.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={button({ tone: 'primary' })}>
            {t('shops.searchSubmit')}
          </button>
        </div>
      </form>
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
                {t(`shops.types.${type}`)}
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
