import { useTranslation } from 'react-i18next';
import { useWishlistToggle } from '../wishlist/use-wishlist-toggle';
import { HeartIcon } from '../ui/icons';
import * as styles from './product-card.css';

/**
 * Wishlist toggle (spec §2: flips locally): signed in, the wishlist through the data worker (optimistic,
 * queued); a guest is told to log in. Test hook: [data-testid="wishlist-toggle"][aria-pressed][data-pending].
 */
export function WishlistButton({ productId, productName }: { productId: string; productName: string }) {
  const { t } = useTranslation();
  const wishlist = useWishlistToggle(productId);
  const saved = wishlist.wishlisted;
  const label = saved ? t('product.wishlistRemove', { name: productName }) : t('product.wishlistAdd', { name: productName });
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={saved}
      aria-label={t('product.wishlistAdd', { name: productName })}
      title={label}
      disabled={wishlist.busy}
      onClick={() => void wishlist.toggle()}
      data-saved={saved}
      data-pending={wishlist.pending}
      data-testid="wishlist-toggle"
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
