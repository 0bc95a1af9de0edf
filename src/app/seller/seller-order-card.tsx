/**
 * One order for the seller: number, date, status, who and where to ship, the shop's lines and total, and a
 * button per legal next move (the optional tracking number goes with 'Mark shipped'). Errors by code.
 * 'Mark shipped' is a queued write, also offline: the order shows shipped at once and says it waits on the device;
 * a refusal is named on the order with the server's reason until dismissed. The other moves need the network.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerOrderView } from '../../workers/data-api';
import { formatMAD } from '../../domain/money';
import * as forms from '../account/forms.css';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { productName } from '../i18n/localized';
import { useOrderErrorText } from '../orders/order-errors';
import { formatOrderDate, isoOf } from '../orders/order-format';
import { OrderStatusBadge } from '../orders/order-status-badge';
import * as styles from '../orders/orders.css';
import { button } from '../theme/recipes.css';
import { sellerMoves, TRACKING_NUMBER_MAX, type SellerMove } from './seller-moves';
import type { MoveOutcome } from './use-seller-orders';

export function SellerOrderCard({
  order,
  disabled,
  onMove,
}: {
  order: SellerOrderView;
  /** Offline: the moves but shipping wait for the network. */
  disabled: boolean;
  onMove: (order: SellerOrderView, move: SellerMove, trackingNumber: string) => Promise<MoveOutcome>;
}) {
  const { t } = useTranslation('orders');
  const say = useCommerceText();
  const client = useDataClient();
  const language = useLanguage();
  const orderError = useOrderErrorText();
  const trackingId = useId();
  const [tracking, setTracking] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const moves = sellerMoves(order.status);
  const shipping = order.shipping_info;

  const run = (move: SellerMove) => {
    setBusy(true);
    setError(null);
    setDone(null);
    onMove(order, move, tracking).then(
      (outcome) => {
        setBusy(false);
        setTracking('');
        // A queued move says so on the order itself (below) while it waits.
        setDone(outcome.queued ? null : t('seller.updated', { number: outcome.number }));
      },
      (e: unknown) => {
        setBusy(false);
        setError(orderError(e, 'updateOrder'));
      },
    );
  };

  return (
    <li
      className={styles.card}
      data-testid="seller-order"
      data-order-id={order.order_id}
      data-status={order.status}
      data-queued={order.queued || undefined}
    >
      <div className={styles.rowMain}>
        <h2 className={styles.cardTitle}>
          <bdi>{t('row.number', { number: order.order_number })}</bdi>
        </h2>
        <time className={styles.muted} dateTime={isoOf(order.created_at)}>
          {t('row.placedOn', { date: formatOrderDate(order.created_at, language) })}
        </time>
        <span className={styles.muted}>{t('seller.customer', { name: `${shipping.first_name} ${shipping.last_name}`, city: shipping.city })}</span>
      </div>
      <div>
        <OrderStatusBadge status={order.status} />
      </div>
      <ul className={styles.list}>
        {order.items.map((item) => (
          <li key={item.variant_id} className={styles.muted}>
            {`${productName(item, language)} × ${item.quantity}`}
          </li>
        ))}
      </ul>
      <p className={styles.amount}>{formatMAD(order.total_amount, language)}</p>
      {order.tracking_number && (
        <p className={styles.muted}>
          {t('detail.trackingNumber')}: <bdi dir="ltr">{order.tracking_number}</bdi>
        </p>
      )}
      {moves.length > 0 && (
        <div className={forms.actions} aria-busy={busy}>
          {moves.some((m) => m.withTracking) && (
            <div className={forms.field}>
              <label htmlFor={trackingId} className={forms.label}>
                {t('seller.trackingLabel')} <span className={forms.optional}>({t('checkout.shipping.optional')})</span>
              </label>
              <input
                id={trackingId}
                className={forms.control}
                dir="ltr"
                value={tracking}
                maxLength={TRACKING_NUMBER_MAX}
                disabled={busy}
                data-testid="seller-tracking-number"
                onChange={(e) => setTracking(e.target.value)}
              />
            </div>
          )}
          {moves.map((move) => (
            <button
              key={move.to}
              type="button"
              className={button({ tone: move.action === 'cancel' ? 'secondary' : 'primary' })}
              disabled={(disabled && !move.withTracking) || busy}
              data-testid={`seller-${move.action}`}
              onClick={() => run(move)}
            >
              {t(`seller.actions.${move.action}`)}
            </button>
          ))}
        </div>
      )}
      {moves.length > 0 && disabled && (
        <p className={styles.muted} data-testid="seller-online-only">
          {t('sellerOffline.onlineOnly')}
        </p>
      )}
      <div role="status" aria-live="polite">
        {done && <p className={forms.success}>{done}</p>}
        {order.queued && (
          <p className={forms.info} data-testid="seller-order-queued">
            {t('sellerOffline.shipQueued')}
          </p>
        )}
      </div>
      {order.refusal && (
        <div role="alert" className={forms.actions} data-testid="seller-order-refused">
          <p className={forms.failure}>{t('sellerOffline.shipRefused', { reason: say(serverRefusalMessage('seller_order_status', order.refusal.failure)) })}</p>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'sm' })}
            onClick={() => {
              const entryId = order.refusal?.entryId;
              if (entryId) client.dismissOutboxEntry(entryId).catch((e: unknown) => console.error('seller: dismiss failed', e));
            }}
          >
            {t('sellerOffline.dismiss')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className={forms.failure} data-testid="seller-order-error">
          {error}
        </p>
      )}
    </li>
  );
}
