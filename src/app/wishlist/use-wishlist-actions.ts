/**
 * The wishlist page's writes (optimistic, queued): notify toggles, notes, remove; failures as toasts in the
 * spec's words ('Failed to remove item from wishlist').
 */
import { useMemo } from 'react';
import { message, useCommerceText } from '../cart/commerce-message';
import { useDataClient } from '../data/data-context';
import { showToast } from '../ui/toast-store';

export interface WishlistPatch {
  notifyPriceDrop?: boolean;
  notifyBackInStock?: boolean;
  notes?: string;
}

export function useWishlistActions() {
  const client = useDataClient();
  const say = useCommerceText();
  return useMemo(
    () => ({
      async update(productId: string, patch: WishlistPatch, done?: string): Promise<void> {
        try {
          await client.updateWishlistItem(productId, patch);
          if (done) showToast({ text: done, tone: 'success' });
        } catch (error) {
          console.error('wishlist: update failed', error);
          showToast({ text: say(message('wishlistUpdateFailed')), tone: 'error' });
        }
      },
      async remove(productId: string): Promise<void> {
        try {
          await client.removeFromWishlist(productId);
          showToast({ text: say(message('wishlistRemoved')), tone: 'success' });
        } catch (error) {
          console.error('wishlist: remove failed', error);
          showToast({ text: say(message('wishlistRemoveFailed')), tone: 'error' });
        }
      },
    }),
    [client, say],
  );
}
