import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../ui/icons';
import * as styles from './product-card.css';

/**
 * Wishlist toggle. Flips locally for now (spec §2); the account wishlist
 * (login required, POST /api/wishlist) comes with the wishlist issue.
 */
export function WishlistButton({ productName }: { productName: string }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={saved}
      aria-label={t('product.wishlistAdd', { name: productName })}
      title={saved ? t('product.wishlistRemove', { name: productName }) : t('product.wishlistAdd', { name: productName })}
      onClick={() => setSaved((s) => !s)}
      data-saved={saved}
    >
      <HeartIcon filled={saved} />
    </button>
  );
}
