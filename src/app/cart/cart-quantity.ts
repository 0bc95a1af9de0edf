/**
 * The cart's quantity rules on the client (spec §5, §8): a line's quantity is between 1 and the last known
 * stock (and the per-line maximum); typing more is capped with 'Maximum available is {max}'; the worker's
 * answers become the spec's texts ('This item is out of stock', 'Cannot add {n} items. Only {m} more
 * available in stock', 'Only {n} items left in stock').
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../domain/commerce';
import type { CartChangeRefusal, CartChangeResult } from '../../workers/data-api';
import { message, type CommerceMessage } from './commerce-message';

/** The most a line may hold: its stock, never above the per-line maximum; 0 when out of stock. */
export function lineMax(stock: number): number {
  return Math.max(0, Math.min(Math.floor(stock), MAX_LINE_QUANTITY));
}

export interface CappedQuantity {
  quantity: number;
  /** The request was above the maximum and was lowered to it. */
  capped: boolean;
  max: number;
}

/** A requested line quantity brought within 1…lineMax(stock) (anything not a number counts as 1). */
export function capLineQuantity(requested: number, stock: number): CappedQuantity {
  const max = lineMax(stock);
  const whole = Number.isFinite(requested) ? Math.floor(requested) : 1;
  if (max === 0) return { quantity: Math.max(1, whole), capped: false, max };
  const quantity = Math.min(Math.max(1, whole), max);
  return { quantity, capped: whole > max, max };
}

/** Why the worker refused a cart change, in the spec's words. */
export function refusalMessage(refusal: CartChangeRefusal, requested: number): CommerceMessage {
  switch (refusal.code) {
    case 'OUT_OF_STOCK':
      return message('outOfStock');
    case 'STOCK_EXCEEDED':
      // As the server says it, also when the cart already holds all the stock ('Only 0 more available').
      return message('stockExceeded', { n: requested, m: Math.max(0, refusal.available) });
    case 'CART_LIMIT':
      return message('cartLimit', { max: MAX_CART_LINES });
    case 'VARIANT_NOT_FOUND':
      return message('variantNotFound');
    case 'PRODUCT_NOT_FOUND':
      return message('productNotFound');
    case 'CART_EMPTY':
      return message('cartEmpty');
  }
}

/** What to tell after an add: 'Item added to cart', or the refusal. */
export function addResultMessage(result: CartChangeResult, requested: number): CommerceMessage {
  return result.ok ? message('added') : refusalMessage(result.refusal, requested);
}

/**
 * What to tell after setting a line's quantity: nothing when it took as asked, 'Only {n} items left in stock'
 * when the worker capped it by stock, or the refusal.
 */
export function setResultMessage(result: CartChangeResult, requested: number): CommerceMessage | null {
  if (!result.ok) return refusalMessage(result.refusal, requested);
  return result.quantity < requested ? message('onlyLeft', { count: result.quantity }) : null;
}
