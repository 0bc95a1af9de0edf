/**
 * One product in the seller's list (from the seller's mirror): photo, name, price, stock and publication, an edit
 * link, why Souk unpublished it (the operator's reason), and each variant's stock and price, edited in place as queued writes (a variant with one waiting says so).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMAD } from '../../domain/money';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { sellerProductPath } from '../routing/paths';
import { badge, button } from '../theme/recipes.css';
import type { SellerProductView } from '../../workers/data-api';
import { PriceControl } from './price-control';
import { RestockControl } from './restock-control';
import * as styles from './seller-products.css';

export function SellerProductCard({ product }: { product: SellerProductView }) {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const name = productName(product, language);
  return (
    <li className={styles.card} data-testid="seller-product" data-product-id={product.id}>
      <div className={styles.head}>
        {product.main_image ? <img src={product.main_image} alt="" className={styles.thumb} loading="lazy" /> : <span className={styles.thumb} />}
        <div className={styles.title}>
          <span className={styles.name}>{name}</span>
          <span className={styles.meta}>
            <span>{formatMAD(product.price, language)}</span>
            <span className={badge({ tone: product.published ? 'neutral' : 'muted' })}>
              {product.published ? t('products.published') : t('products.unpublished')}
            </span>
            <span className={badge({ tone: product.stock_status === 'out_of_stock' ? 'discount' : 'neutral' })}>
              {t(`products.level.${product.stock_status}`)}
            </span>
          </span>
          {!product.published && product.moderation_reason ? (
            <p className={styles.moderation} data-testid="seller-product-moderation">
              {t('products.moderationReason', { reason: product.moderation_reason })}
            </p>
          ) : null}
        </div>
      </div>
      <ul className={styles.variants} aria-label={t('products.variantsOf', { name })}>
        {product.variants.map((variant) => (
          <li key={variant.id} data-queued={variant.queued || undefined}>
            <RestockControl product={product} variant={variant} />
            <PriceControl product={product} variant={variant} />
            {variant.queued && <span className={styles.restockLabel}>{t('offline.queued')}</span>}
          </li>
        ))}
      </ul>
      <Link href={sellerProductPath(product.id)} className={button({ tone: 'secondary', size: 'sm' })}>
        {t('products.editName', { name })}
      </Link>
    </li>
  );
}
