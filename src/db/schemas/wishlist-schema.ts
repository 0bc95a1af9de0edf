/**
 * RxDB schema of `wishlist`: WishlistDoc (src/domain/commerce-schemas.ts), one document per product
 * (id = the product id). Personal: pulled with the bearer token (GET /api/sync/wishlist/pull), written
 * optimistically by the wishlist operations (src/db/wishlist.ts) next to an outbox entry, wiped at logout.
 */
import type { RxJsonSchema } from 'rxdb';
import type { WishlistDoc } from '../../domain/commerce-schemas';
import { bool, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr } from './json-schema-parts';

export const wishlistSchema: RxJsonSchema<WishlistDoc> = {
  title: 'wishlist',
  description: "The signed-in user's wishlist (personal).",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    product_id: int(1, MAX_NUMERIC_ID),
    notify_price_drop: bool(),
    notify_back_in_stock: bool(),
    notes: { type: 'string', maxLength: 500 },
    created_at: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
  },
  required: ['id', 'product_id', 'notify_price_drop', 'notify_back_in_stock', 'notes', 'created_at', 'updatedAt'],
  additionalProperties: false,
};
