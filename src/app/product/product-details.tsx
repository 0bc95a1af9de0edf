/**
 * The product page body (spec §2): gallery, name, price, discount, rating,
 * description, options with the server stock check (falling back to the last
 * synced stock offline), quantity capped by stock, add to cart, delivery
 * estimate, custom request, shop link. Test hooks: [data-testid="product-page"],
 * "product-category", "product-description".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ProductDoc } from '../../domain/catalog';
import { useAddToCart } from '../cart/use-add-to-cart';
import { fallbackLangProps, productCategory, productDescription, productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { AddToCartButton } from '../products/add-to-cart-button';
import { Price } from '../products/price';
import { Rating } from '../products/rating';
import { categoryPath, shopPath } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import { BoltIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/use-document-title';
import { Availability } from './availability';
import { CustomRequestButton, DeliveryEstimate } from './delivery-and-request';
import { Gallery } from './gallery';
import * as styles from './product-page.css';
import { clampQuantity, QuantityField } from './quantity-field';
import { canBuy } from './stock-message';
import { useStockCheck } from './use-stock-check';
import { VariantOptions } from './variant-options';
import { availabilityOf, preselectSingleValues, type VariantSelection } from './variant-selection';

/** Unicode bidi isolation, so a Latin code or place name keeps its order inside Arabic text. */
const isolate = (text: string) => `\u2068${text}\u2069`;

export function ProductDetails({ product }: { product: ProductDoc }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [selection, setSelection] = useState<VariantSelection>(() => preselectSingleValues(product));
  const name = productName(product, language);
  useDocumentTitle(name);
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const availability = availabilityOf(product, selection);
  const variantId = 'variant' in availability ? availability.variant.id : null;
  const stock = useStockCheck(variantId === null ? null : { productId: product.id, variantId });
  const result = stock.view.phase === 'done' ? stock.view.result : null;
  const canAdd = canBuy(result?.outcome);
  const max = result && canAdd ? result.availableQuantity : null;
  const percent = product.has_discount ? product.discount_percent : 0;

  return (
    <article className={styles.layout} data-testid="product-page" data-product-id={product.id}>
      <header className={styles.head}>
        <nav aria-label={t('productPage.breadcrumb')} className={styles.crumbs}>
          <Link href={categoryPath(product.category_slug)} className={styles.crumbLink} data-testid="product-category">
            {productCategory(product, language)}
          </Link>
        </nav>
        <h1 className={styles.name} {...fallbackLangProps(product.names, language)}>
          {name}
        </h1>
        <div className={styles.row}>
          <Rating rating={product.rating} reviews={product.reviews_count} />
          {product.express && (
            <span className={badge({ tone: 'express' })}>
              <BoltIcon />
              {t('product.express')}
            </span>
          )}
        </div>
        <div className={styles.row}>
          <Price price={product.price} effectivePrice={product.effective_price} size="lg" testId="product-price" />
          {percent > 0 && <span className={badge({ tone: 'discount' })}>{t('product.discountLabel', { percent })}</span>}
          {!product.in_stock && <span className={badge({ tone: 'muted' })}>{t('product.outOfStock')}</span>}
        </div>
      </header>
      <div className={styles.gallery}>
        <Gallery images={[product.main_image, ...product.images]} alt={name} />
      </div>
      <div className={styles.info}>
        <form className={styles.card} aria-label={t('productPage.options')} onSubmit={(e) => e.preventDefault()}>
          <h2 className={styles.sectionTitle}>{t('productPage.options')}</h2>
          <VariantOptions product={product} selection={selection} onChange={setSelection} describedBy="variant-availability" />
          <Availability id="variant-availability" availability={availability} stock={stock.view} onRetry={stock.retry} />
          <QuantityField value={clampQuantity(quantity, max)} max={max} onChange={setQuantity} disabled={!canAdd} />
          <AddToCartButton
            onAdd={() =>
              addToCart({ productId: product.id, variantId: variantId ?? undefined, quantity: clampQuantity(quantity, max) })
            }
            disabled={!canAdd}
            describedBy="variant-availability"
          />
          <DeliveryEstimate />
          <CustomRequestButton />
        </form>

        <section className={styles.card} aria-labelledby="description-heading">
          <h2 id="description-heading" className={styles.sectionTitle}>
            {t('productPage.description')}
          </h2>
          <p className={styles.description} data-testid="product-description" {...fallbackLangProps(product.descriptions, language)}>
            {productDescription(product, language)}
          </p>
          <ul className={styles.facts}>
            {product.handmade && <li className={badge()}>{t('productPage.handmade')}</li>}
            {product.customizable && <li className={badge()}>{t('productPage.customizable')}</li>}
            {product.made_in && <li>{t('productPage.madeIn', { place: isolate(product.made_in) })}</li>}
            {product.shipping_from && <li>{t('productPage.shipsFrom', { place: isolate(product.shipping_from) })}</li>}
            <li>{t('productPage.sku', { sku: isolate(product.sku) })}</li>
          </ul>
          <p>
            <Link href={shopPath(product.shop_slug)}>{t('productPage.soldBy', { shop: product.shop_name })}</Link>
          </p>
        </section>
      </div>
    </article>
  );
}
