/** The orders list's status filter (a row of toggle buttons, scrollable on phones) and search; changes start on page 1. */
import { useTranslation } from 'react-i18next';
import { ORDER_FILTERS } from '../../domain/commerce';
import { SearchForm } from '../ui/search-form';
import { withOrderFilters, type OrdersListState } from './order-filters';
import * as styles from './orders.css';

export function OrdersToolbar({ state, onChange }: { state: OrdersListState; onChange: (next: OrdersListState) => void }) {
  const { t } = useTranslation('orders');

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
      <SearchForm
        value={state.search}
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        submitLabel={t('list.searchSubmit')}
        testId="orders-search"
        onSearch={(search) => onChange(withOrderFilters(state, { search }))}
      />
    </div>
  );
}
