/**
 * The cart page's writes through the data worker: each is optimistic and queued (works offline). Local
 * refusals and failures become 2-second toasts in the spec's words ('Only {n} items left in stock',
 * 'Failed to remove item', 'Failed to clear cart', 'Please enter a coupon code').
 */
import { useCallback, useMemo } from 'react';
import { normalizeCouponCode } from '../../domain/commerce';
import { useDataClient } from '../data/data-context';
import { showToast } from '../ui/toast-store';
import { message, useCommerceText, type CommerceMessage, type MessageKey } from './commerce-message';
import { setResultMessage } from './cart-quantity';

export interface CartActions {
  setQuantity(variantId: number, quantity: number): Promise<void>;
  remove(variantId: number): Promise<void>;
  clear(): Promise<void>;
  /** Returns the client-side problem (empty code) instead of queueing, or null once queued. */
  applyCoupon(code: string): Promise<CommerceMessage | null>;
  removeCoupon(): Promise<void>;
}

export function useCartActions(): CartActions {
  const client = useDataClient();
  const say = useCommerceText();

  const fail = useCallback(
    (key: MessageKey, error: unknown) => {
      console.error(`cart: ${key}`, error);
      showToast({ text: say(message(key)), tone: 'error' });
    },
    [say],
  );

  return useMemo<CartActions>(
    () => ({
      async setQuantity(variantId, quantity) {
        try {
          const result = await client.setCartQuantity(variantId, quantity);
          const note = setResultMessage(result, quantity);
          if (note) showToast({ text: say(note), tone: result.ok ? 'info' : 'error' });
        } catch (error) {
          fail('updateFailed', error);
        }
      },
      async remove(variantId) {
        try {
          await client.removeFromCart(variantId);
          showToast({ text: say(message('removed')), tone: 'success' });
        } catch (error) {
          fail('removeFailed', error);
        }
      },
      async clear() {
        try {
          await client.clearCart();
          showToast({ text: say(message('cleared')), tone: 'success' });
        } catch (error) {
          fail('clearFailed', error);
        }
      },
      async applyCoupon(code) {
        const normalized = normalizeCouponCode(code);
        if (!normalized) return message('couponRequired');
        try {
          await client.applyCoupon(normalized);
          return null;
        } catch (error) {
          fail('couponFailed', error);
          return message('couponFailed');
        }
      },
      async removeCoupon() {
        try {
          await client.removeCoupon();
        } catch (error) {
          fail('couponFailed', error);
        }
      },
    }),
    [client, fail, say],
  );
}
