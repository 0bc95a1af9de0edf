/**
 * Product card (spec §2): image, express and discount badges, out-of-stock
 * label, wishlist toggle, quick view (a dialog), category, rating, name, price
 * and add to cart. Stable hooks for the browser tests: article[data-testid=
 * "product-card"], a link to /products/{id}, [data-testid="price"],
 * [data-testid="product-card-category"].
 */
import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductDoc } from '../../domain/catalog';
import { useAddToCart } from '../cart/use-add-to-cart';
import { fallbackLangProps, productCategory, productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { productPath } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import { BoltIcon, EyeIcon } from '../ui/icons';
import { AddToCartButton } from './add-to-cart-button';
import { Price } from './price';
import * as styles from './product-card.css';
import { ProductImage } from './product-image';
import { Rating } from './rating';
import { WishlistButton } from './wishlist-button';

// The quick view (with the stock check machine and XState) loads when a card first opens it.
const QuickView = lazy(() => import('./quick-view').then((m) => ({ default: m.QuickView })));

interface Props {
  product: ProductDoc;
  /** Heading level of the name inside its section. */
  headingLevel?: 'h2' | 'h3';
  eagerImage?: boolean;
}

/**
 * Memoised: a row or a listing re-renders when the sync status or its answer changes, and its cards' products are
 * then the same objects (an answer equal to the last is not sent again); re-rendering 84 cards for nothing was a
 * one-second task on a 4× slowed phone during a first visit (issue 25).
 */
export const ProductCard = memo(function ProductCard({ product, headingLevel: Heading = 'h3', eagerImage = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = productName(product, language);
  const href = productPath(product.id);
  const [quickView, setQuickView] = useState(false);
  const addToCart = useAddToCart();
  const percent = product.has_discount ? product.discount_percent : 0;

  return (
    <article className={styles.card} data-testid="product-card" data-product-id={product.id}>
      <div className={styles.media}>
        <ProductImage src={product.main_image} alt={name} eager={eagerImage} />
        <div className={styles.badges}>
          {product.express && (
            <span className={badge({ tone: 'express' })}>
              <BoltIcon />
              {t('product.express')}
            </span>
          )}
          {percent > 0 && (
            <span className={badge({ tone: 'discount' })} aria-label={t('product.discountLabel', { percent })}>
              {t('product.discountBadge', { percent })}
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <WishlistButton productId={product.id} productName={name} />
          <button
            type="button"
            className={styles.iconButton}
            aria-haspopup="dialog"
            aria-expanded={quickView}
            aria-label={t('quickView.open', { name })}
            title={t('quickView.open', { name })}
            onClick={() => setQuickView(true)}
            data-testid="quick-view-button"
          >
            <EyeIcon />
          </button>
        </div>
        {!product.in_stock && <p className={styles.soldOut}>{t('product.outOfStock')}</p>}
      </div>
      <div className={styles.body}>
        <p className={styles.category} data-testid="product-card-category">
          {productCategory(product, language)}
        </p>
        <Heading className={styles.name} {...fallbackLangProps(product.names, language)}>
          <Link href={href} className={styles.link}>
            {name}
          </Link>
        </Heading>
        <Rating rating={product.rating} reviews={product.reviews_count} compact />
        <Price price={product.price} effectivePrice={product.effective_price} />
        <div className={styles.footer}>
          <AddToCartButton
            onAdd={() => addToCart({ productId: product.id, quantity: 1 })}
            disabled={!product.in_stock}
            disabledLabel={t('product.outOfStock')}
          />
        </div>
      </div>
      {quickView && (
        <Suspense fallback={null}>
          <QuickView product={product} onClose={() => setQuickView(false)} />
        </Suspense>
      )}
    </article>
  );
});
