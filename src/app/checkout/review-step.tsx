/**
 * Step 3, review: the cart's lines and totals for the shipping country and delivery method (the 'cart' query),
 * where it goes, how it travels (the method, its price and the estimated delivery date) and how it is paid
 * (each with Edit), and Place order. Offline the order is queued: the page says so first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutErrorCode, ShippingForm } from '../../domain/checkout';
import { estimatedDeliveryOf, type PaymentMethod } from '../../domain/commerce';
import type { LocalCart } from '../../workers/data-api';
import * as forms from '../account/forms.css';
import { countryName } from '../account/format';
import { useLanguage } from '../i18n/use-language';
import { deliveryDaysOf, deliveryKindOf } from '../orders/delivery-method';
import { formatOrderDate, isoOf } from '../orders/order-format';
import { OrderLines } from '../orders/order-lines';
import { OrderTotals } from '../orders/order-totals';
import { useDeliveryText } from '../orders/use-delivery-text';
import { button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import { useOnline } from '../ui/use-online';
import * as styles from './checkout.css';

export interface ReviewStepProps {
  cart: LocalCart | undefined;
  form: ShippingForm;
  method: PaymentMethod | null;
  placing: boolean;
  /** Why the last Place order failed, already in words. */
  failure: string | null;
  /** Errors found on Place order (a field, the payment or the cart), by code. */
  blocking: CheckoutErrorCode[];
  onEdit: (step: 'shipping' | 'payment') => void;
  onBack: () => void;
  onPlace: () => void;
}

/** How the order travels: the method the cart's totals are for, its price and the estimated delivery date. */
function DeliverySummary({ cart }: { cart: LocalCart }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const text = useDeliveryText();
  // The estimate as if placed now (the order's own is computed again when it is placed).
  const [now] = useState(() => Date.now());
  const kind = deliveryKindOf(cart.country, cart.shipping_method);
  const estimate = estimatedDeliveryOf(now, cart.country, cart.shipping_method);
  return (
    <div data-testid="review-delivery" data-shipping-method={cart.shipping_method}>
      <p>{text.summary(kind, deliveryDaysOf(kind))}</p>
      <p data-testid="review-delivery-price">{text.price(cart.totals.shipping_amount)}</p>
      <p>
        <time dateTime={isoOf(estimate)} data-testid="review-estimated-delivery">
          {t('checkout.review.estimated', { date: formatOrderDate(estimate, language) })}
        </time>
      </p>
    </div>
  );
}

export function ReviewStep({ cart, form, method, placing, failure, blocking, onEdit, onBack, onPlace }: ReviewStepProps) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const online = useOnline();
  const place = [form.city, form.state, form.postal_code].filter((s) => s.trim() !== '').join(', ');
  return (
    <div className={forms.form} data-testid="review-step">
      <section aria-labelledby="review-items" className={styles.summaryBlock}>
        <h3 id="review-items" className={styles.sectionTitle}>
          {t('checkout.review.items')}
        </h3>
        {cart ? (
          <>
            <OrderLines lines={cart.lines.map((line) => ({ ...line, key: line.id }))} />
            <OrderTotals totals={cart.totals} couponCode={cart.coupon_code} />
          </>
        ) : (
          <Skeleton style={{ blockSize: '8rem' }} />
        )}
      </section>
      <div className={styles.summary}>
        <section aria-labelledby="review-ship-to" className={styles.summaryBlock}>
          <div className={styles.summaryHead}>
            <h3 id="review-ship-to" className={styles.sectionTitle}>
              {t('checkout.review.shipTo')}
            </h3>
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              aria-label={t('checkout.review.editShipping')}
              onClick={() => onEdit('shipping')}
              data-testid="edit-shipping"
            >
              {t('checkout.review.edit')}
            </button>
          </div>
          <address className={styles.address} data-testid="review-address">
            <div>{`${form.first_name} ${form.last_name}`}</div>
            <div>{[form.street, form.apartment].filter((s) => s.trim() !== '').join(', ')}</div>
            <div>{place}</div>
            <div>{form.country ? countryName(form.country, language) : ''}</div>
            <div>
              <bdi dir="ltr">{form.phone}</bdi>
            </div>
          </address>
        </section>
        <section aria-labelledby="review-delivery-title" className={styles.summaryBlock}>
          <div className={styles.summaryHead}>
            <h3 id="review-delivery-title" className={styles.sectionTitle}>
              {t('checkout.review.delivery')}
            </h3>
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              aria-label={t('checkout.review.editDelivery')}
              onClick={() => onEdit('payment')}
              data-testid="edit-delivery"
            >
              {t('checkout.review.edit')}
            </button>
          </div>
          {cart ? <DeliverySummary cart={cart} /> : <Skeleton style={{ blockSize: '4rem' }} />}
        </section>
        <section aria-labelledby="review-pay-with" className={styles.summaryBlock}>
          <div className={styles.summaryHead}>
            <h3 id="review-pay-with" className={styles.sectionTitle}>
              {t('checkout.review.payWith')}
            </h3>
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              aria-label={t('checkout.review.editPayment')}
              onClick={() => onEdit('payment')}
              data-testid="edit-payment"
            >
              {t('checkout.review.edit')}
            </button>
          </div>
          <p data-testid="review-payment">{method ? t(`paymentMethods.${method}`) : ''}</p>
        </section>
      </div>
      {!online && (
        <p className={forms.info} data-testid="checkout-offline">
          {t('checkout.review.offline')}
        </p>
      )}
      {blocking.length > 0 && (
        <ul role="alert" className={forms.failure}>
          {[...new Set(blocking)].map((code) => (
            <li key={code}>{t(`checkout.errors.${code}`)}</li>
          ))}
        </ul>
      )}
      {failure && (
        <p role="alert" className={forms.failure} data-testid="place-order-error">
          {failure}
        </p>
      )}
      <div className={styles.nav}>
        <button type="button" className={button({ tone: 'ghost' })} onClick={onBack} disabled={placing} data-testid="checkout-back">
          {t('checkout.back')}
        </button>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          onClick={onPlace}
          disabled={placing || !cart || cart.lines.length === 0}
          aria-busy={placing}
          data-testid="place-order"
        >
          {placing ? t('checkout.review.placing') : t('checkout.review.place')}
        </button>
      </div>
    </div>
  );
}
