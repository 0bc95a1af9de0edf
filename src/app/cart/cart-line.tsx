/**
 * One cart line: picture, name (to the product page), options, unit price and line total, quantity
 * stepper capped by stock, remove, and a 'Waiting to sync' mark while its change is queued. The name is the
 * local catalogue's, in the interface language (a line keeps only the English/Arabic pair, read when the
 * product is not in the catalogue).
 * Test hooks: li[data-testid="cart-line"][data-variant-id][data-pending], [data-testid="cart-line-quantity"],
 * [data-testid="cart-line-remove"], [data-testid="cart-line-pending"].
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { multiplyMoney, formatMAD } from '../../domain/money';
import type { LocalCartLine } from '../../workers/data-api';
import { useData } from '../data/use-data';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ProductImage } from '../products/product-image';
import { productPath } from '../routing/paths';
import { badge, button } from '../theme/recipes.css';
import * as styles from './cart-line.css';
import { LineQuantity } from './line-quantity';
import { colorLabel, fabricLabel } from './line-options';

interface Props {
  line: LocalCartLine;
  onQuantity: (variantId: number, quantity: number) => void;
  onRemove: (variantId: number) => void;
}

export function CartLine({ line, onQuantity, onRemove }: Props) {
  const { t } = useTranslation('commerce');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const product = useData({ kind: 'product', id: String(line.product_id) });
  const name = productName(product.data ?? line, language);
  const href = productPath(String(line.product_id));
  const over = line.stock_quantity > 0 && line.quantity > line.stock_quantity;

  return (
    <li className={styles.line} data-testid="cart-line" data-variant-id={line.variant_id} data-pending={line.pending}>
      <Link href={href} className={styles.picture} tabIndex={-1} aria-hidden="true">
        <ProductImage src={line.image} alt="" />
      </Link>
      <div className={styles.body}>
        <Link href={href} className={styles.name}>
          {name}
        </Link>
        <p className={styles.meta}>
          {line.size && <span>{t('cart.size', { value: line.size })}</span>}
          {line.color && <span>{t('cart.color', { value: colorLabel(tc, line.color) })}</span>}
          {line.fabric && <span>{t('cart.fabric', { value: fabricLabel(tc, line.fabric) })}</span>}
        </p>
        {line.shop_name && <p className={styles.meta}>{t('cart.soldBy', { shop: line.shop_name })}</p>}
        <p className={styles.prices}>
          <span className={styles.unit} data-testid="cart-line-unit-price">
            {t('cart.unitPrice', { price: formatMAD(line.unit_price, language) })}
          </span>
          <span className={styles.total} data-testid="cart-line-total">
            {formatMAD(multiplyMoney(line.unit_price, line.quantity), language)}
          </span>
        </p>
        {line.stock_quantity <= 0 && (
          <p className={styles.warn} role="status">
            {t('cart.outOfStockLine')}
          </p>
        )}
        {over && (
          <p className={styles.warn} role="status">
            {t('messages.onlyLeft', { count: line.stock_quantity })}
          </p>
        )}
        <div className={styles.controls}>
          <LineQuantity
            id={`${id}-qty`}
            name={name}
            quantity={line.quantity}
            stock={line.stock_quantity}
            onChange={(q) => onQuantity(line.variant_id, q)}
          />
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            aria-label={t('cart.removeLabel', { name })}
            data-testid="cart-line-remove"
            onClick={() => onRemove(line.variant_id)}
          >
            {t('cart.remove')}
          </button>
        </div>
        {line.pending && (
          <span className={`${badge({ tone: 'highlight' })} ${styles.mark}`} data-testid="cart-line-pending">
            {t('cart.pending')}
          </span>
        )}
      </div>
    </li>
  );
}
