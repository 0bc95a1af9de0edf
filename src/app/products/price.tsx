/**
 * Price in MAD, formatted per language (formatMAD). The amount the buyer pays
 * sits alone in the element marked data-testid="price"; a discounted product
 * also shows its original price struck through.
 */
import { useTranslation } from 'react-i18next';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './price.css';

interface Props {
  price: number;
  /** What the buyer pays (discount price when discounted). */
  effectivePrice: number;
  size?: 'md' | 'lg';
  testId?: string;
}

export function Price({ price, effectivePrice, size = 'md', testId = 'price' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const discounted = effectivePrice < price;
  const current = formatMAD(effectivePrice, language);
  const original = formatMAD(price, language);
  return (
    <p className={styles.price}>
      {discounted && <span className={visuallyHidden}>{t('product.salePrice', { price: current })}</span>}
      <span
        className={`${styles.current[size]} ${discounted ? styles.sale : ''}`}
        data-testid={testId}
        aria-hidden={discounted ? true : undefined}
      >
        {current}
      </span>
      {discounted && (
        <>
          <s className={styles.original} aria-hidden="true">
            {original}
          </s>
          <span className={visuallyHidden}>{t('product.originalPrice', { price: original })}</span>
        </>
      )}
    </p>
  );
}
