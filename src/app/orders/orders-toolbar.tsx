/** The orders list's status filter (a row of toggle buttons, scrollable on phones) and search; changes start on page 1. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_FILTERS } from '../../domain/commerce';
import { button } from '../theme/recipes.css';
import { withOrderFilters, type OrdersListState } from './order-filters';
import * as styles from './orders.css';

export function OrdersToolbar({ state, onChange }: { state: OrdersListState; onChange: (next: OrdersListState) => void }) {
  const { t } = useTranslation('orders');
  const searchId = useId();
  const [search, setSearch] = useState(state.search);
  // The URL is the truth: back/forward or 'show all' updates the field.
  useEffect(() => setSearch(state.search), [state.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(withOrderFilters(state, { search: search.trim() }));
  };

  return (
    <div className={styles.toolbar}>
      <div role="group" aria-label={t('list.filterLabel')} className={styles.filterRow}>
        {ORDER_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={styles.filterButton}
            aria-pressed={state.status === filter}
            data-testid={`orders-filter-${filter}`}
            onClick={() => onChange(withOrderFilters(state, { status: filter }))}
          >
            {t(`filters.${filter}`)}
          </button>
        ))}
      </div>
      <form role="search" aria-label={t('list.search')} className={styles.searchForm} onSubmit={submit}>
        <label htmlFor={searchId} className={styles.label}>
          {t('list.search')}
        </label>
        <div className={styles.searchRow}>
          <input
            id={searchId}
            type="search"
            className={styles.input}
            value={search}
            maxLength={100}
            placeholder={t('list.searchPlaceholder')}
            data-testid="orders-search"
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={button({ tone: 'primary' })}>
            {t('list.searchSubmit')}
          </button>
        </div>
      </form>
    </div>
  );
}
