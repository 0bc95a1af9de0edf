/**
 * A line of the local cart (collection `cart_items`, docs/COMMERCE.md): the variant, a snapshot of its
 * product and the last known stock. Written optimistically by the cart operations (src/db/cart.ts) and
 * replaced by the server's cart (GET /api/cart) when no cart entry is pending. The zod schema is the
 * contract the RxDB schema is checked against (tests/db/schemas-match-zod).
 */
import { z } from 'zod';
import type { LocalCartLine } from '../workers/data-api';

const money = z.number().nonnegative().multipleOf(0.01);
const positiveId = z.number().int().positive();

export const cartLineDocSchema = z.object({
  /** "v<variantId>": one line per variant. */
  id: z.string().regex(/^v\d+$/),
  variant_id: positiveId,
  product_id: positiveId,
  quantity: z.number().int().positive(),
  added_at: z.number().int().nonnegative(),
  unit_price: money,
  name: z.string(),
  name_ar: z.string(),
  image: z.string(),
  shop_id: positiveId,
  shop_name: z.string(),
  size: z.string(),
  color: z.string(),
  fabric: z.string(),
  stock_quantity: z.number().int().nonnegative(),
});
export type CartLineDoc = Omit<LocalCartLine, 'pending'>;

/** The cart line id of a variant. */
export function cartLineId(variantId: number): string {
  return `v${variantId}`;
}
