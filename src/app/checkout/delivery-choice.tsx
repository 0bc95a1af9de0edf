/**
 * The delivery choice on the payment step (decisions.md "Shipping in Morocco"): in Morocco a radio group of
 * standard and express, each with its days (SHIPPING_POLICY) and its price for this cart (shippingCost with the
 * goods after the coupon); abroad the one international option, said as text. Radios in a fieldset with a
 * legend: arrow keys move the choice, the screen reader reads the group. Test hooks: [data-testid=
 * "delivery-choice"], "delivery-standard", "delivery-express" (the radios), "delivery-international".
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingMethod, Totals } from '../../domain/commerce';
import { addMoney } from '../../domain/money';
import { deliveryOptions } from '../orders/delivery-method';
import { useDeliveryText } from '../orders/use-delivery-text';
import * as styles from './checkout.css';

export interface DeliveryChoiceProps {
  /** The shipping country (ISO code). */
  country: string;
  /** The cart's totals (any method: subtotal, discount and item count do not depend on it). */
  totals: Totals;
  method: ShippingMethod;
  onSelect: (method: ShippingMethod) => void;
}

export function DeliveryChoice({ country, totals, method, onSelect }: DeliveryChoiceProps) {
  const { t } = useTranslation('orders');
  const text = useDeliveryText();
  const name = useId();
  const hintId = useId();
  const goods = addMoney(totals.subtotal, -totals.discount_amount);
  const options = deliveryOptions(country, totals.item_count, goods);

  if (options.length === 1 && options[0]) {
    const only = options[0];
    return (
      <section className={styles.options} aria-labelledby={hintId} data-testid="delivery-choice">
        <h3 id={hintId} className={styles.sectionTitle}>
          {t('delivery.title')}
        </h3>
        <p className={styles.fixedOption} data-testid={`delivery-${only.kind}`}>
          <span className={styles.optionText}>
            <span>{text.summary(only.kind, only.days)}</span>
            <span className={styles.optionHint}>{t('delivery.expressMoroccoOnly')}</span>
          </span>
          <span className={styles.optionPrice} data-testid={`delivery-${only.kind}-price`}>
            {text.price(only.price)}
          </span>
        </p>
      </section>
    );
  }

  return (
    <fieldset className={styles.options} data-testid="delivery-choice">
      <legend className={styles.sectionTitle}>{t('delivery.title')}</legend>
      {options.map((option) => (
        <label key={option.method} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.method}
            className={styles.radio}
            checked={method === option.method}
            onChange={() => onSelect(option.method)}
            data-testid={`delivery-${option.method}`}
          />
          <span className={styles.optionText}>
            <span>{text.name(option.kind)}</span>
            <span className={styles.optionHint}>{text.days(option.days)}</span>
          </span>
          <span className={styles.optionPrice} data-testid={`delivery-${option.method}-price`}>
            {text.price(option.price)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
