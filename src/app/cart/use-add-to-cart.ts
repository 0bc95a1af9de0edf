/**
 * Add to cart through the data worker (docs/COMMERCE.md): the line is added locally at once (quantity
 * capped by the last known stock) and the request queued. A 2-second toast says 'Item added to cart' or the
 * refusal in the spec's words; the returned promise rejects on a refusal, so the button shows no 'added' state.
 */
import { useCallback } from 'react';
import type { CartChangeRefusal } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { showToast } from '../ui/toast-store';
import { message, useCommerceText } from './commerce-message';
import { addResultMessage } from './cart-quantity';

export interface AddToCartInput {
  productId: string;
  /** The exact variant; without it the product's first variant in stock. */
  variantId?: number;
  quantity: number;
}

export class CartRefused extends Error {
  constructor(readonly refusal: CartChangeRefusal) {
    super(`cart change refused: ${refusal.code}`);
  }
}

export function useAddToCart(): (input: AddToCartInput) => Promise<void> {
  const client = useDataClient();
  const say = useCommerceText();
  return useCallback(
    async (input: AddToCartInput) => {
      let result;
      try {
        result = await client.addToCart(input);
      } catch (error) {
        console.error('addToCart: local write failed', error);
        showToast({ text: say(message('addFailed')), tone: 'error' });
        throw error;
      }
      showToast({ text: say(addResultMessage(result, input.quantity)), tone: result.ok ? 'success' : 'error' });
      if (!result.ok) throw new CartRefused(result.refusal);
    },
    [client, say],
  );
}
