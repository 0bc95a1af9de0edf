/**
 * The community list's tabs (all requests, 'My requests' for a signed-in user), status filter, category and
 * search; every change starts on page 1.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_CATEGORIES, POST_STATUSES } from '../../domain/community';
import { button } from '../theme/recipes.css';
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
  const searchId = useId();
  const categoryId = useId();
  const [search, setSearch] = useState(state.search);
  // The URL is the truth: back/forward or 'clear' updates the field.
  useEffect(() => setSearch(state.search), [state.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(withCommunityFilters(state, { search: search.trim() }));
  };

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
        <form role="search" aria-label={t('community.list.search')} className={styles.searchForm} onSubmit={submit}>
          <label htmlFor={searchId} className={styles.label}>
            {t('community.list.search')}
          </label>
          <div className={styles.searchRow}>
            <input
              id={searchId}
              type="search"
              className={styles.input}
              value={search}
              maxLength={100}
              placeholder={t('community.list.searchPlaceholder')}
              data-testid="community-search"
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className={button({ tone: 'primary' })}>
              {t('community.list.searchSubmit')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
