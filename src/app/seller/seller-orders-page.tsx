/**
 * /seller/orders: a signed-in seller's shop orders from the seller's mirror in the data worker (GET
 * /api/seller/orders), filtered by status, each with its legal next moves. Offline the saved copy shows ("saved copy
 * from …") and 'Mark shipped' is queued (sent once after reconnect); the other moves need the network.
 * One of the seller's app pages, under its navigation (seller-layout.tsx).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as forms from '../account/forms.css';
import { useSession } from '../auth/use-session';
import * as styles from '../orders/orders.css';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useOnline } from '../ui/use-online';
import { SavedCopyNote } from './saved-copy-note';
import { SELLER_STATUS_FILTERS, type SellerStatusFilter } from './seller-moves';
import { SellerOrderCard } from './seller-order-card';
import { SellerLayout } from './seller-layout';
import * as page from './seller-orders.css';
import { mirrorPhase, useSellerMirrorRefresh } from './use-seller-mirror';
import { useSellerOrders } from './use-seller-orders';

function SellerOrders() {
  const { t } = useTranslation('orders');
  const online = useOnline();
  const filterId = useId();
  const [filter, setFilter] = useState<SellerStatusFilter>('all');
  const refresh = useSellerMirrorRefresh();
  const { orders, move } = useSellerOrders(filter);
  const phase = mirrorPhase(orders.data, refresh.result);

  return (
    <>
      <div className={page.toolbar}>
        <div className={`${forms.field} ${page.filter}`}>
          <label htmlFor={filterId} className={forms.label}>
            {t('seller.filterLabel')}
          </label>
          <select
            id={filterId}
            className={forms.control}
            value={filter}
            data-testid="seller-orders-filter"
            onChange={(e) => setFilter(e.target.value as SellerStatusFilter)}
          >
            {SELLER_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} disabled={!online} onClick={refresh.retry}>
          {t('seller.refresh')}
        </button>
      </div>
      <SavedCopyNote savedAt={orders.data?.savedAt} />
      {phase === 'loading' || !orders.data ? (
        <Skeleton style={{ blockSize: '10rem', borderRadius: '16px' }} />
      ) : phase === 'error' ? (
        <ErrorState onRetry={refresh.retry} />
      ) : phase === 'never' ? null : orders.data.data.length === 0 ? (
        <EmptyState title={t('seller.empty')} />
      ) : (
        <ul className={styles.list} data-testid="seller-orders-list">
          {orders.data.data.map((order) => (
            <SellerOrderCard key={order.order_id} order={order} disabled={!online} onMove={move} />
          ))}
        </ul>
      )}
    </>
  );
}

export function SellerOrdersPage() {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const isSeller = user !== null && (user.role === 'seller' || user.role === 'admin');
  return (
    <SellerLayout title={t('seller.title')} intro={t('seller.intro')}>
      {user === null ? (
        <Skeleton style={{ blockSize: '10rem' }} />
      ) : isSeller ? (
        <SellerOrders />
      ) : (
        <p className={forms.info} data-testid="seller-orders-not-seller">
          {t('seller.notSeller')}
        </p>
      )}
    </SellerLayout>
  );
}
