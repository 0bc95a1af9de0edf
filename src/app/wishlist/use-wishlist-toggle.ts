/**
 * A product's wishlist state and toggle (docs/COMMERCE.md): signed in, the `wishlisted` query (queued
 * changes applied) and an optimistic, queued add or remove with a 2-second toast; a guest gets the spec's
 * 'Please login to add items to your wishlist' with a link to log in and come back.
 */
import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSession } from '../auth/use-session';
import { message, useCommerceText } from '../cart/commerce-message';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { loginPath } from '../routing/paths';
import { showToast } from '../ui/toast-store';

export function useWishlistToggle(productId: string) {
  const client = useDataClient();
  const say = useCommerceText();
  const signedIn = useSession().status === 'signed-in';
  const [location] = useLocation();
  const search = useSearch();
  const state = useData(signedIn ? { kind: 'wishlisted', productId } : null);
  const [busy, setBusy] = useState(false);
  const wishlisted = state.data?.wishlisted ?? false;

  const toggle = useCallback(async () => {
    if (!signedIn) {
      showToast({
        text: say(message('wishlistLogin')),
        tone: 'error',
        action: { label: say(message('login')), href: loginPath(search ? `${location}?${search}` : location) },
      });
      return;
    }
    setBusy(true);
    try {
      if (wishlisted) {
        await client.removeFromWishlist(productId);
        showToast({ text: say(message('wishlistRemoved')), tone: 'success' });
      } else {
        await client.addToWishlist(productId);
        showToast({ text: say(message('wishlistAdded')), tone: 'success' });
      }
    } catch (error) {
      console.error('wishlist: local write failed', error);
      showToast({ text: say(message(wishlisted ? 'wishlistRemoveFailed' : 'wishlistAddFailed')), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }, [client, location, productId, say, search, signedIn, wishlisted]);

  return { signedIn, wishlisted, pending: state.data?.pending ?? false, busy, toggle };
}
