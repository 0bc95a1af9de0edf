/**
 * Quick view (spec §2, §5): a modal dialog over the listing with the gallery,
 * price, description, stock (the stock check machine, product-wide),
 * quantity between 1 and the stock, add to cart, wishlist, and the full
 * product page in a new tab. Focus is trapped inside, Escape and the close
 * button close it, and focus returns to the button that opened it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ProductDoc } from '../../domain/catalog';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useFocusTrap } from '../a11y/use-focus-trap';
import { productDescription, productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { Gallery } from '../product/gallery';
import { clampQuantity, QuantityField } from '../product/quantity-field';
import { canBuy } from '../product/stock-message';
import { StockStatus } from '../product/stock-status';
import { useStockCheck } from '../product/use-stock-check';
import { productPath } from '../routing/paths';
import { useHref } from '../routing/use-href';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import { CloseIcon, ExternalIcon } from '../ui/icons';
import { AddToCartButton } from './add-to-cart-button';
import { Price } from './price';
import * as styles from './quick-view.css';
import { WishlistButton } from './wishlist-button';

export function QuickView({ product, onClose }: { product: ProductDoc; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const stockId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const name = productName(product, language);
  const fullDetailsHref = useHref(productPath(product.id));
  const stock = useStockCheck({ productId: product.id, variantId: null });
  const result = stock.view.phase === 'done' ? stock.view.result : null;
  const available = canBuy(result?.outcome);
  const max = result && available ? result.availableQuantity : null;
  useFocusTrap(panelRef, true, onClose);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="quick-view"
      >
        <button
          type="button"
          className={`${button({ tone: 'ghost', size: 'icon' })} ${styles.close}`}
          aria-label={t('quickView.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
        <div className={styles.gallery}>
          <Gallery images={[product.main_image, ...product.images]} alt={name} />
        </div>
        <div className={styles.info}>
          <h2 id={titleId} className={styles.name}>
            {name}
          </h2>
          <Price price={product.price} effectivePrice={product.effective_price} size="lg" />
          <p className={styles.description}>{productDescription(product, language)}</p>
          <StockStatus id={stockId} view={stock.view} onRetry={stock.retry} />
          <QuantityField value={clampQuantity(quantity, max)} max={max} onChange={setQuantity} disabled={!available} />
          <div className={styles.actions}>
            <AddToCartButton
              onAdd={() => addToCart({ productId: product.id, quantity: clampQuantity(quantity, max) })}
              disabled={!available}
              describedBy={stockId}
            />
            <WishlistButton productId={product.id} productName={name} />
          </div>
          <a className={styles.fullDetails} href={fullDetailsHref} target="_blank" rel="noopener">
            {t('quickView.fullDetails')}
            <ExternalIcon />
            <span className={visuallyHidden}> {t('quickView.newTab')}</span>
          </a>
        </div>
      </div>
    </>,
    document.body,
  );
}
