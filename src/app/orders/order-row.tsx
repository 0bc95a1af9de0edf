/** One order in the list: number (the link to it), date, item count, total, status and how far a local order got. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { itemCountOf } from '../../domain/commerce';
import { formatMAD } from '../../domain/money';
import type { LocalOrder, OutboxFailure } from '../../workers/data-api';
import { useLanguage } from '../i18n/use-language';
import { orderPath } from '../routing/paths';
import { LocalStateMark } from './local-state-mark';
import { formatOrderDate, isoOf } from './order-format';
import { OrderStatusBadge } from './order-status-badge';
import * as styles from './orders.css';

export function OrderRow({ order, refusal }: { order: LocalOrder; refusal?: OutboxFailure | undefined }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const number = order.order_number || t('row.newOrder');
  return (
    <li
      className={styles.row}
      data-testid="order-row"
      data-order-id={order.id}
      data-status={order.status}
      data-local-state={order.local_state}
    >
      <div className={styles.rowMain}>
        <Link href={orderPath(order.id)} className={styles.rowLink} aria-label={t('row.view', { number })}>
          <bdi data-testid="order-number">{order.order_number ? t('row.number', { number }) : number}</bdi>
        </Link>
        <time className={styles.muted} dateTime={isoOf(order.created_at)} data-testid="order-date">
          {t('row.placedOn', { date: formatOrderDate(order.created_at, language) })}
        </time>
        <span className={styles.muted}>{t('totals.items', { count: itemCountOf(order.items) })}</span>
      </div>
      <div className={styles.rowSide}>
        <OrderStatusBadge status={order.status} />
        <span className={styles.amount} data-testid="order-total">
          {formatMAD(order.total_amount, language)}
        </span>
      </div>
      {order.local_state !== 'confirmed' && (
        <div className={styles.rowFull}>
          <LocalStateMark state={order.local_state} refusal={refusal} />
        </div>
      )}
    </li>
  );
}
