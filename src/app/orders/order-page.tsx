/**
 * /orders/:id (spec §2, §4): one order from the local database, live (the personal sync brings the
 * server's changes): status, tracking steps with dates, items, delivery and payment, totals, Cancel while
 * pending or processing, and 'Rate your order' once delivered. The id is the order's document id (client ref
 * or server id) or its number.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountLayout } from '../account/account-layout';
import { useData } from '../data/use-data';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { CancelOrder } from './cancel-order';
import { LocalStateMark } from './local-state-mark';
import { orderRefusals } from './order-refusals';
import { formatOrderDate, isoOf } from './order-format';
import { OrderInfo } from './order-info';
import { OrderLines } from './order-lines';
import * as page from './order-page.css';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTotals } from './order-totals';
import { canCancelOrder, canRateOrder } from './order-tracking';
import * as styles from './orders.css';
import { RateOrder } from './rate-order';
import { TrackingSteps } from './tracking-steps';

function BackToOrders() {
  const { t } = useTranslation('orders');
  return (
    <Link href={ROUTES.orders} className={styles.inlineLink}>
      {t('detail.back')}
    </Link>
  );
}

export function OrderPage({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const { data: order, status, retry } = useData(id ? { kind: 'order', id } : null);
  const outbox = useData(order?.local_state === 'failed' ? { kind: 'outbox' } : null);

  if (status === 'error') {
    return (
      <AccountLayout title={t('detail.titleFallback')}>
        <ErrorState title={t('detail.loadError')} onRetry={retry} />
      </AccountLayout>
    );
  }
  if (order === undefined) {
    return (
      <AccountLayout title={t('detail.titleFallback')}>
        <Skeleton style={{ blockSize: '16rem', borderRadius: '16px' }} />
      </AccountLayout>
    );
  }
  if (order === null) {
    return (
      <AccountLayout title={t('detail.notFound')}>
        <EmptyState title={t('detail.notFound')}>
          <p data-testid="order-not-found">{t('detail.notFoundText')}</p>
          <Link href={ROUTES.orders} className={button({ tone: 'primary' })}>
            {t('detail.back')}
          </Link>
        </EmptyState>
      </AccountLayout>
    );
  }

  const title = order.order_number ? t('detail.title', { number: order.order_number }) : t('row.newOrder');
  const refusal = outbox.data ? orderRefusals(outbox.data).get(order.id) : undefined;
  return (
    <AccountLayout title={title}>
      <div data-testid="order-detail" data-order-id={order.id} data-status={order.status} data-local-state={order.local_state}>
        <div className={page.column}>
          <div className={page.summary}>
            <OrderStatusBadge status={order.status} />
            <time className={styles.muted} dateTime={isoOf(order.created_at)}>
              {t('detail.placedOn', { date: formatOrderDate(order.created_at, language, true) })}
            </time>
            <BackToOrders />
          </div>
          <LocalStateMark state={order.local_state} refusal={refusal} detailed />
          <section className={styles.card} aria-labelledby="order-tracking">
            <h2 id="order-tracking" className={styles.cardTitle}>
              {t('detail.tracking')}
            </h2>
            <TrackingSteps order={order} />
            {canCancelOrder(order) && <CancelOrder orderId={order.id} />}
          </section>
          {canRateOrder(order) && <RateOrder order={order} />}
          <div className={page.columns}>
            <section className={styles.card} aria-labelledby="order-items">
              <h2 id="order-items" className={styles.cardTitle}>
                {t('detail.items')}
              </h2>
              <OrderLines
                lines={order.items.map((item) => ({ ...item, key: `${item.variant_id}` }))}
              />
              <OrderTotals totals={order} couponCode={order.coupon_code} />
            </section>
            <div className={page.column}>
              <OrderInfo order={order} />
            </div>
          </div>
        </div>
      </div>
    </AccountLayout>
  );
}
