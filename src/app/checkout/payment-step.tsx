/**
 * Step 2, delivery and payment: the delivery method (delivery-choice.tsx: standard or express in Morocco, with
 * their prices for this cart), then cash on delivery (the only method taken); card and PayPal shown disabled as
 * 'Coming soon' (spec §1).
 */
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, AVAILABLE_PAYMENT_METHODS, type PaymentMethod, type ShippingMethod, type Totals } from '../../domain/commerce';
import type { CheckoutErrorCode } from '../../domain/checkout';
import * as forms from '../account/forms.css';
import { badge, button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import * as styles from './checkout.css';
import { DeliveryChoice } from './delivery-choice';

export interface PaymentStepProps {
  /** The shipping country (ISO code): which delivery methods are offered. */
  country: string;
  /** The cart's totals, for the delivery prices; undefined while the cart loads. */
  totals: Totals | undefined;
  shippingMethod: ShippingMethod;
  onShippingMethod: (method: ShippingMethod) => void;
  method: PaymentMethod | null;
  error: CheckoutErrorCode | undefined;
  onSelect: (method: PaymentMethod) => void;
  onBack: () => void;
  onNext: () => void;
}

export function PaymentStep({ country, totals, shippingMethod, onShippingMethod, method, error, onSelect, onBack, onNext }: PaymentStepProps) {
  const { t } = useTranslation('orders');
  const name = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <form className={forms.form} noValidate onSubmit={submit} data-testid="payment-form">
      {totals ? (
        <DeliveryChoice country={country} totals={totals} method={shippingMethod} onSelect={onShippingMethod} />
      ) : (
        <Skeleton style={{ blockSize: '6rem' }} />
      )}
      <fieldset className={styles.options} aria-describedby={error ? errorId : undefined}>
        <legend className={styles.sectionTitle}>{t('checkout.payment.title')}</legend>
        {PAYMENT_METHODS.map((m) => {
          const available = AVAILABLE_PAYMENT_METHODS.includes(m);
          return (
            <label key={m} className={styles.option}>
              <input
                type="radio"
                name={name}
                value={m}
                className={styles.radio}
                checked={method === m}
                disabled={!available}
                onChange={() => onSelect(m)}
                data-testid={`payment-${m}`}
              />
              <span className={styles.optionText}>
                <span>{t(`paymentMethods.${m}`)}</span>
                {m === 'cod' && <span className={styles.optionHint}>{t('checkout.payment.codText')}</span>}
              </span>
              {!available && <span className={badge({ tone: 'neutral' })}>{t('checkout.payment.comingSoon')}</span>}
            </label>
          );
        })}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className={forms.failure}>
          {t(`checkout.errors.${error}`)}
        </p>
      )}
      <div className={styles.nav}>
        <button type="button" className={button({ tone: 'ghost' })} onClick={onBack} data-testid="checkout-back">
          {t('checkout.back')}
        </button>
        <button type="submit" className={button({ tone: 'primary' })} data-testid="checkout-next">
          {t('checkout.payment.next')}
        </button>
      </div>
    </form>
  );
}
