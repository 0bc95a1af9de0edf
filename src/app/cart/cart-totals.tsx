/**
 * The cart's totals (spec §3, §9): subtotal, discount, shipping (Free when standard delivery costs nothing), tax
 * and total in MAD, formatted per language; in Morocco below the free-delivery threshold, how much more would make
 * standard delivery free (amountToFreeShipping, decisions.md "Shipping in Morocco"). Test hooks: [data-testid=
 * "cart-subtotal" | "cart-discount" | "cart-shipping" | "cart-tax" | "cart-total" | "cart-free-shipping-hint"].
 */
import { useTranslation } from 'react-i18next';
import { amountToFreeShipping, type Totals } from '../../domain/commerce';
import { addMoney, formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import * as styles from './cart-totals.css';

export function CartTotals({ totals, couponCode, country }: { totals: Totals; couponCode: string | null; country: string }) {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const money = (amount: number) => formatMAD(amount, language);
  const hasItems = totals.item_count > 0;
  const toFree = hasItems ? amountToFreeShipping(country, addMoney(totals.subtotal, -totals.discount_amount)) : 0;
  return (
    <>
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
          <dd data-testid="cart-shipping">{hasItems && totals.shipping_amount === 0 ? t('totals.free') : money(totals.shipping_amount)}</dd>
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
      {toFree > 0 && (
        <p className={styles.hint} data-testid="cart-free-shipping-hint">
          {t('totals.freeShippingHint', { amount: money(toFree) })}
        </p>
      )}
    </>
  );
}
