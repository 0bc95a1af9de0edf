/**
 * /orders (spec §2): the signed-in buyer's orders from the local database, live, newest first; filter by
 * status, search by order number or product, pages; filter, search and page live in the URL. Orders placed
 * offline show 'Waiting to be sent'; refused ones 'Not placed' with the server's reason and the sync centre.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountLayout } from '../account/account-layout';
import { useData } from '../data/use-data';
import { PageLinks } from '../listing/pagination';
import { productsPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { DEFAULT_ORDERS_LIST, ordersQuery } from './order-filters';
import { orderRefusals } from './order-refusals';
import { OrderRow } from './order-row';
import { OrdersToolbar } from './orders-toolbar';
import * as styles from './orders.css';
import { useOrdersListState } from './use-orders-list-state';

export function OrdersPage() {
  const { t } = useTranslation('orders');
  const [state, commit, pageHref] = useOrdersListState();
  const { data, status, retry } = useData(ordersQuery(state), { keepPrevious: true });
  const outbox = useData({ kind: 'outbox' });
  const refusals = useMemo(() => orderRefusals(outbox.data ?? []), [outbox.data]);
  const filtered = state.status !== 'all' || state.search !== '';

  let body;
  if (status === 'error') {
    body = <ErrorState title={t('list.loadError')} onRetry={retry} />;
  } else if (!data) {
    body = (
      <ul className={styles.list} aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i}>
            <Skeleton style={{ blockSize: '6rem', borderRadius: '16px' }} />
          </li>
        ))}
      </ul>
    );
  } else if (data.meta.total === 0 && filtered) {
    body = (
      <EmptyState title={t('list.noMatchTitle')}>
        <p>{t('list.noMatchText')}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => commit(DEFAULT_ORDERS_LIST)}>
          {t('list.clear')}
        </button>
      </EmptyState>
    );
  } else if (data.meta.total === 0) {
    body = (
      <EmptyState title={t('list.emptyTitle')}>
        <p>{t('list.emptyText')}</p>
        <Link href={productsPath()} className={button({ tone: 'primary' })}>
          {t('list.shop')}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className={status === 'loading' ? `${styles.list} ${styles.stale}` : styles.list} data-testid="orders-list">
          {data.data.map((order) => (
            <OrderRow key={order.id} order={order} refusal={refusals.get(order.id)} />
          ))}
        </ul>
        <PageLinks page={data.meta.current_page} lastPage={data.meta.last_page} href={pageHref} label={t('list.pagination')} />
      </>
    );
  }

  return (
    <AccountLayout title={t('list.title')}>
      <OrdersToolbar state={state} onChange={commit} />
      <p className={styles.count} aria-live="polite" data-testid="orders-count">
        {data ? t('list.results', { count: data.meta.total }) : ''}
      </p>
      {body}
    </AccountLayout>
  );
}
