/**
 * RxDB schema of `cart_items`: CartLineDoc (src/db/cart-line.ts), one document per variant in the cart
 * (id "v<variantId>"). Personal: written optimistically next to an outbox entry, replaced by the server's
 * cart (GET /api/cart) when nothing is pending, wiped at logout.
 */
import type { RxJsonSchema } from 'rxdb';
import type { CartLineDoc } from '../cart-line';
import { int, MAX_EPOCH_MS, MAX_NUMERIC_ID, money, str } from './json-schema-parts';

export const cartItemSchema: RxJsonSchema<CartLineDoc> = {
  title: 'cart_items',
  description: 'The local cart: one line per variant (personal).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 24, pattern: '^v\\d+$' },
    variant_id: int(1, MAX_NUMERIC_ID),
    product_id: int(1, MAX_NUMERIC_ID),
    quantity: int(1),
    added_at: int(0, MAX_EPOCH_MS),
    unit_price: money(),
    name: str(),
    name_ar: str(),
    image: str(),
    shop_id: int(1, MAX_NUMERIC_ID),
    shop_name: str(),
    size: str(),
    color: str(),
    fabric: str(),
    stock_quantity: int(),
  },
  required: [
    'id', 'variant_id', 'product_id', 'quantity', 'added_at', 'unit_price', 'name', 'name_ar', 'image', 'shop_id',
    'shop_name', 'size', 'color', 'fabric', 'stock_quantity',
  ],
  additionalProperties: false,
};
