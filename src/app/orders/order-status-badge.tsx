/** An order's status as a badge (data-testid="order-status", data-status for tests and styles). */
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../domain/commerce';
import { badge } from '../theme/recipes.css';

const TONE = {
  pending: 'highlight',
  processing: 'neutral',
  shipped: 'neutral',
  delivered: 'express',
  cancelled: 'muted',
  returned: 'muted',
} as const satisfies Record<OrderStatus, 'highlight' | 'neutral' | 'express' | 'muted'>;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <span className={badge({ tone: TONE[status] })} data-testid="order-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
