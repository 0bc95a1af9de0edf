/** The totals of an order or a cart (spec §3 names): subtotal, coupon discount, shipping (Free when 0), tax, total. */
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import * as styles from './orders.css';

export interface TotalsFigures {
  subtotal: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
}

export function OrderTotals({ totals, couponCode }: { totals: TotalsFigures; couponCode?: string | null | undefined }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const money = (amount: number) => formatMAD(amount, language);
  return (
    <dl className={styles.pairs} aria-label={t('totals.label')} data-testid="order-totals">
      <dt className={styles.term}>{t('totals.subtotal')}</dt>
      <dd className={styles.value} data-testid="totals-subtotal">
        {money(totals.subtotal)}
      </dd>
      {totals.discount_amount > 0 && (
        <>
          <dt className={styles.term}>{couponCode ? t('totals.coupon', { code: couponCode }) : t('totals.discount')}</dt>
          <dd className={styles.value} data-testid="totals-discount">
            {`−${money(totals.discount_amount)}`}
          </dd>
        </>
      )}
      <dt className={styles.term}>{t('totals.shipping')}</dt>
      <dd className={styles.value} data-testid="totals-shipping">
        {totals.shipping_amount === 0 && totals.subtotal > 0 ? t('delivery.free') : money(totals.shipping_amount)}
      </dd>
      <dt className={styles.term}>{t('totals.tax')}</dt>
      <dd className={styles.value} data-testid="totals-tax">
        {money(totals.tax_amount)}
      </dd>
      <dt className={`${styles.term} ${styles.grand}`}>{t('totals.total')}</dt>
      <dd className={`${styles.value} ${styles.grand}`} data-testid="totals-total">
        {money(totals.total_amount)}
      </dd>
    </dl>
  );
}
