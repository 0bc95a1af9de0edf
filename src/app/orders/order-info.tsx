/**
 * The order's delivery and payment: shipping address, delivery method (standard, express or international with
 * its days), tracking number, estimated delivery, payment method and status.
 */
import { useTranslation } from 'react-i18next';
import type { OrderDoc } from '../../domain/commerce-schemas';
import { countryName } from '../account/format';
import { useLanguage } from '../i18n/use-language';
import { deliveryDaysOf, deliveryKindOf } from './delivery-method';
import { formatOrderDate, isoOf } from './order-format';
import * as styles from './orders.css';
import { useDeliveryText } from './use-delivery-text';

export function OrderInfo({ order }: { order: OrderDoc }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const delivery = useDeliveryText();
  const s = order.shipping_info;
  const kind = deliveryKindOf(s.country, order.shipping_method);
  const place = [s.city, s.state, s.postal_code].filter((x) => x.trim() !== '').join(', ');
  return (
    <>
      <section className={styles.card} aria-labelledby="order-delivery">
        <h2 id="order-delivery" className={styles.cardTitle}>
          {t('detail.shipping')}
        </h2>
        <address className={styles.address} data-testid="order-shipping">
          <div>
            {s.first_name} {s.last_name}
          </div>
          <div>{[s.street, s.apartment].filter((x) => x.trim() !== '').join(', ')}</div>
          <div>{place}</div>
          <div>{countryName(s.country, language)}</div>
          <div>
            <bdi dir="ltr">{s.phone}</bdi>
          </div>
          <div>
            <bdi dir="ltr">{s.email}</bdi>
          </div>
        </address>
        <dl className={styles.pairs}>
          <dt className={styles.term}>{t('detail.shippingMethod')}</dt>
          <dd className={styles.value} data-testid="order-shipping-method" data-shipping-method={order.shipping_method}>
            {delivery.summary(kind, deliveryDaysOf(kind))}
          </dd>
          {order.tracking_number && (
            <>
              <dt className={styles.term}>{t('detail.trackingNumber')}</dt>
              <dd className={styles.value} data-testid="order-tracking-number">
                <bdi dir="ltr">{order.tracking_number}</bdi>
              </dd>
            </>
          )}
          {order.estimated_delivery > 0 && order.status !== 'cancelled' && (
            <>
              <dt className={styles.term}>{t('detail.estimatedDelivery')}</dt>
              <dd className={styles.value} data-testid="order-estimated-delivery">
                <time dateTime={isoOf(order.estimated_delivery)}>{formatOrderDate(order.estimated_delivery, language)}</time>
              </dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="order-payment">
        <h2 id="order-payment" className={styles.cardTitle}>
          {t('detail.payment')}
        </h2>
        <dl className={styles.pairs}>
          <dt className={styles.term}>{t('detail.paymentMethod')}</dt>
          <dd className={styles.value} data-testid="order-payment-method">
            {t(`paymentMethods.${order.payment_method}`)}
          </dd>
          <dt className={styles.term}>{t('detail.paymentStatus')}</dt>
          <dd className={styles.value} data-testid="order-payment-status" data-payment-status={order.payment_status}>
            {t(`paymentStatuses.${order.payment_status}`)}
          </dd>
        </dl>
      </section>
    </>
  );
}
