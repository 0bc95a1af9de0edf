/**
 * One order for the seller: number, date, status, who and where to ship, the shop's lines and total, and a
 * button per legal next move (the optional tracking number goes with 'Mark shipped'). Errors by code.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDoc } from '../../domain/commerce-schemas';
import { formatMAD } from '../../domain/money';
import * as forms from '../account/forms.css';
import { useLanguage } from '../i18n/use-language';
import { productName } from '../i18n/localized';
import { useOrderErrorText } from '../orders/order-errors';
import { formatOrderDate, isoOf } from '../orders/order-format';
import { OrderStatusBadge } from '../orders/order-status-badge';
import * as styles from '../orders/orders.css';
import { button } from '../theme/recipes.css';
import { sellerMoves, TRACKING_NUMBER_MAX, type SellerMove } from './seller-moves';

export function SellerOrderCard({
  order,
  disabled,
  onMove,
}: {
  order: OrderDoc;
  /** Offline: the buttons wait for the network. */
  disabled: boolean;
  onMove: (order: OrderDoc, move: SellerMove, trackingNumber: string) => Promise<OrderDoc>;
}) {
  const { t } = useTranslation('orders');
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
      (updated) => {
        setBusy(false);
        setTracking('');
        setDone(t('seller.updated', { number: updated.order_number }));
      },
      (e: unknown) => {
        setBusy(false);
        setError(orderError(e, 'updateOrder'));
      },
    );
  };

  return (
    <li className={styles.card} data-testid="seller-order" data-order-id={order.order_id} data-status={order.status}>
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
                disabled={disabled || busy}
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
              disabled={disabled || busy}
              data-testid={`seller-${move.action}`}
              onClick={() => run(move)}
            >
              {t(`seller.actions.${move.action}`)}
            </button>
          ))}
        </div>
      )}
      <div role="status" aria-live="polite">
        {done && <p className={forms.success}>{done}</p>}
      </div>
      {error && (
        <p role="alert" className={forms.failure} data-testid="seller-order-error">
          {error}
        </p>
      )}
    </li>
  );
}
