/**
 * TODO(issue 5): the cart. Until it exists, adding to the cart does nothing
 * beyond the button's 1-second 'added' state the spec asks for; no item is
 * stored and no success is claimed anywhere else.
 */
import type { ProductDoc, Variant } from '../../domain/catalog';

export function addToCartPlaceholder(_product: Pick<ProductDoc, 'id'>, _variant?: Pick<Variant, 'id'>): void {
  // Intentionally empty until issue 5 brings the cart (local DB + queued POST /cart/items).
}

/** Spec §9: the added state lasts 1 second. */
export const ADDED_STATE_MS = 1000;
