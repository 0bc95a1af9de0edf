/**
 * The cart's totals (spec §3, §9): subtotal, discount, shipping, tax and total in MAD, formatted per
 * language. Test hooks: [data-testid="cart-subtotal" | "cart-discount" | "cart-shipping" | "cart-tax" | "cart-total"].
 */
import { useTranslation } from 'react-i18next';
import type { Totals } from '../../domain/commerce';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import * as styles from './cart-totals.css';

export function CartTotals({ totals, couponCode }: { totals: Totals; couponCode: string | null }) {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const money = (amount: number) => formatMAD(amount, language);
  return (
    <dl className={styles.list}>
      <div className={styles.row}>
        <dt>{t('totals.subtotal')}</dt>
        <dd data-testid="cart-subtotal">{money(totals.subtotal)}</dd>
      </div>
      {totals.discount_amount > 0 && (
        <div className={styles.row}>
          <dt>{t('totals.discount', { code: couponCode ?? '' })}</dt>
          <dd data-testid="cart-discount" className={styles.discount}>
            −{money(totals.discount_amount)}
          </dd>
        </div>
      )}
      <div className={styles.row}>
        <dt>{t('totals.shipping')}</dt>
        <dd data-testid="cart-shipping">{money(totals.shipping_amount)}</dd>
      </div>
      <div className={styles.row}>
        <dt>{t('totals.tax')}</dt>
        <dd data-testid="cart-tax">{money(totals.tax_amount)}</dd>
      </div>
      <div className={`${styles.row} ${styles.total}`}>
        <dt>{t('totals.total')}</dt>
        <dd data-testid="cart-total">{money(totals.total_amount)}</dd>
      </div>
    </dl>
  );
}
