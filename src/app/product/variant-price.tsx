/**
 * The chosen variant's price: what one unit is charged (the price the cart and the order use), and when it is
 * discounted its list price struck through with the discount percent (decisions.md "Prices"). Test hooks:
 * [data-testid="variant-price"] (the charged price's sentence), "variant-original-price", "variant-discount".
 */
import { useTranslation } from 'react-i18next';
import type { Variant } from '../../domain/catalog';
import { formatMAD } from '../../domain/money';
import { useLanguage } from '../i18n/use-language';
import { visuallyHidden } from '../theme/global.css';
import { badge } from '../theme/recipes.css';
import * as styles from './variant-price.css';

export function VariantPrice({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const original = formatMAD(variant.price, language);
  return (
    <p className={styles.line}>
      <span className={variant.has_discount ? styles.charged : undefined} data-testid="variant-price">
        {t('productPage.variantPrice', { price: formatMAD(variant.effective_price, language) })}
      </span>
      {variant.has_discount && (
        <>
          <s className={styles.original} aria-hidden="true" data-testid="variant-original-price">
            {original}
          </s>
          <span className={visuallyHidden}>{t('product.originalPrice', { price: original })}</span>
          {variant.discount_percent > 0 && (
            <span className={badge({ tone: 'discount' })} data-testid="variant-discount">
              {t('product.discountLabel', { percent: variant.discount_percent })}
            </span>
          )}
        </>
      )}
    </p>
  );
}
