/**
 * The community list's tabs (all requests, 'My requests' for a signed-in user), status filter, category and
 * search; every change starts on page 1.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_CATEGORIES, POST_STATUSES } from '../../domain/community';
import { SearchForm } from '../ui/search-form';
import { isPostCategory, withCommunityFilters, type CommunityListState } from './community-filters';
import * as styles from './community.css';

export function CommunityToolbar({
  state,
  signedIn,
  onChange,
}: {
  state: CommunityListState;
  signedIn: boolean;
  onChange: (next: CommunityListState) => void;
}) {
  const { t } = useTranslation();
  const categoryId = useId();

  return (
    <div className={styles.toolbar}>
      {signedIn && (
        <div role="group" aria-label={t('community.list.tabsLabel')} className={styles.tabs}>
          <button
            type="button"
            className={styles.filterButton}
            aria-pressed={!state.mine}
            data-testid="community-tab-all"
            onClick={() => onChange(withCommunityFilters(state, { mine: false }))}
          >
            {t('community.list.allTab')}
          </button>
          <button
            type="button"
            className={styles.filterButton}
            aria-pressed={state.mine}
            data-testid="community-tab-mine"
            onClick={() => onChange(withCommunityFilters(state, { mine: true }))}
          >
            {t('community.list.mineTab')}
          </button>
        </div>
      )}
      <div role="group" aria-label={t('community.list.statusLabel')} className={styles.filterRow}>
        {(['all', ...POST_STATUSES] as const).map((status) => (
          <button
            key={status}
            type="button"
            className={styles.filterButton}
            aria-pressed={state.status === status}
            data-testid={`community-filter-${status}`}
            onClick={() => onChange(withCommunityFilters(state, { status }))}
          >
            {status === 'all' ? t('community.list.allStatuses') : t(`community.status.${status}`)}
          </button>
        ))}
      </div>
      <div className={styles.filters}>
        <div className={styles.searchForm}>
          <label htmlFor={categoryId} className={styles.label}>
            {t('community.list.category')}
          </label>
          <select
            id={categoryId}
            className={styles.input}
            value={state.category}
            data-testid="community-category"
            onChange={(e) => {
              const value = e.target.value;
              onChange(withCommunityFilters(state, { category: isPostCategory(value) ? value : 'all' }));
            }}
          >
            <option value="all">{t('community.list.allCategories')}</option>
            {POST_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`community.categories.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <SearchForm
          value={state.search}
          label={t('community.list.search')}
          placeholder={t('community.list.searchPlaceholder')}
          submitLabel={t('community.list.searchSubmit')}
          testId="community-search"
          onSearch={(search) => onChange(withCommunityFilters(state, { search }))}
        />
      </div>
    </div>
  );
}
