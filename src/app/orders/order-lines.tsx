/** Lines of an order or of the cart at checkout: picture, name in the interface language, options, quantity, line total. */
import { useTranslation } from 'react-i18next';
import { multiplyMoney, formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import { productName } from '../i18n/localized';
import { ProductImage } from '../products/product-image';
import * as styles from './order-lines.css';

export interface LineView {
  key: string;
  name: string;
  name_ar: string;
  image: string;
  size: string;
  color: string;
  quantity: number;
  unit_price: number;
}

export function OrderLines({ lines }: { lines: readonly LineView[] }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <ul className={styles.lines}>
      {lines.map((line) => {
        const options = [line.size, line.color].filter((s) => s.trim() !== '').join(' · ');
        return (
          <li key={line.key} className={styles.line} data-testid="order-item">
            <span className={styles.thumb}>
              <ProductImage src={line.image} alt="" sizes="4rem" />
            </span>
            <span className={styles.info}>
              <span className={styles.name}>{productName(line, language)}</span>
              {options && <span className={styles.meta}>{options}</span>}
              <span className={styles.meta}>
                {t('detail.quantity', { count: line.quantity })}
                {' · '}
                {t('detail.unitPrice', { price: formatMAD(line.unit_price, language) })}
              </span>
            </span>
            <span className={styles.price}>{formatMAD(multiplyMoney(line.unit_price, line.quantity), language)}</span>
          </li>
        );
      })}
    </ul>
  );
}
