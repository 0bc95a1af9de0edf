/**
 * One wishlist item: the product (picture, name, price, stock), notify toggles (price drop, back in stock),
 * notes, add to cart and remove; a 'Waiting to sync' mark while a change is queued.
 * Test hooks: li[data-testid="wishlist-item"][data-product-id][data-pending], "wishlist-notify-price",
 * "wishlist-notify-stock", "wishlist-notes", "wishlist-save-notes", "wishlist-remove".
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { WishlistEntry } from '../../workers/data-api';
import { useAddToCart } from '../cart/use-add-to-cart';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { AddToCartButton } from '../products/add-to-cart-button';
import { Price } from '../products/price';
import { ProductImage } from '../products/product-image';
import { productPath } from '../routing/paths';
import { field } from '../theme/field.css';
import { badge, button } from '../theme/recipes.css';
import { CheckRow } from '../ui/check-row';
import { useWishlistActions } from './use-wishlist-actions';
import * as styles from './wishlist.css';

/** wishlistDocSchema: notes up to 500 characters. */
export const NOTES_MAX = 500;

export function WishlistItem({ entry }: { entry: WishlistEntry }) {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const id = useId();
  const actions = useWishlistActions();
  const addToCart = useAddToCart();
  const { item, product } = entry;
  const productId = String(item.product_id);
  const [notes, setNotes] = useState<string | null>(null);
  const name = product ? productName(product, language) : t('sync.item', { id: productId });
  const draft = notes ?? item.notes;

  return (
    <li className={styles.item} data-testid="wishlist-item" data-product-id={productId} data-pending={entry.pending}>
      <Link href={productPath(productId)} className={styles.picture} tabIndex={-1} aria-hidden="true">
        <ProductImage src={product?.main_image ?? ''} alt="" />
      </Link>
      <div className={styles.body}>
        <Link href={productPath(productId)} className={styles.name}>
          {name}
        </Link>
        {product ? (
          <>
            <Price price={product.price} effectivePrice={product.effective_price} />
            <span className={badge({ tone: product.in_stock ? 'express' : 'muted' })}>
              {product.in_stock ? t('wishlist.inStock') : t('wishlist.outOfStock')}
            </span>
          </>
        ) : (
          <p className={styles.muted}>{t('wishlist.unavailable')}</p>
        )}
        <div className={styles.toggles}>
          <span data-testid="wishlist-notify-price">
            <CheckRow
              checked={item.notify_price_drop}
              onChecked={(checked) => void actions.update(productId, { notifyPriceDrop: checked })}
            >
              {t('wishlist.notifyPriceDrop')}
            </CheckRow>
          </span>
          <span data-testid="wishlist-notify-stock">
            <CheckRow
              checked={item.notify_back_in_stock}
              onChecked={(checked) => void actions.update(productId, { notifyBackInStock: checked })}
            >
              {t('wishlist.notifyBackInStock')}
            </CheckRow>
          </span>
        </div>
        <form
          className={styles.notes}
          onSubmit={(event) => {
            event.preventDefault();
            void actions.update(productId, { notes: draft.trim() }, t('wishlist.notesSaved')).then(() => setNotes(null));
          }}
        >
          <label htmlFor={`${id}-notes`} className={styles.label}>
            {t('wishlist.notes')}
          </label>
          <textarea
            id={`${id}-notes`}
            className={`${field} ${styles.textarea}`}
            rows={2}
            maxLength={NOTES_MAX}
            value={draft}
            aria-describedby={`${id}-hint`}
            data-testid="wishlist-notes"
            onChange={(event) => setNotes(event.target.value)}
          />
          <p id={`${id}-hint`} className={styles.muted}>
            {t('wishlist.notesHint', { max: NOTES_MAX })}
          </p>
          {notes !== null && notes !== item.notes && (
            <button type="submit" className={button({ tone: 'secondary', size: 'sm' })} data-testid="wishlist-save-notes">
              {t('wishlist.saveNotes')}
            </button>
          )}
        </form>
        <div className={styles.actions}>
          {product && (
            <AddToCartButton
              block={false}
              onAdd={() => addToCart({ productId, quantity: 1 })}
              disabled={!product.in_stock}
              disabledLabel={t('wishlist.outOfStock')}
            />
          )}
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            aria-label={t('wishlist.removeLabel', { name })}
            data-testid="wishlist-remove"
            onClick={() => void actions.remove(productId)}
          >
            {t('wishlist.remove')}
          </button>
        </div>
        {entry.pending && (
          <span className={`${badge({ tone: 'highlight' })} ${styles.mark}`} data-testid="wishlist-item-pending">
            {t('wishlist.pending')}
          </span>
        )}
      </div>
    </li>
  );
}
