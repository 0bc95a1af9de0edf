/**
 * The RxDB JSON schemas say what the zod doc schemas say (fields, types, enums,
 * required, nested shapes) and nothing more (no local fields are stored today);
 * products are stored compactly (src/db/query-fields.ts): exactly the
 * single-language fields the maps give are optional. Dev-mode validation
 * rejects what zod rejects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryDocSchema, productDocSchema, shopDocSchema, variantSchema } from '../../src/domain/catalog';
import type { SoukDatabase } from '../../src/db/database';
import { DERIVED_PRODUCT_FIELDS, toStoredProduct } from '../../src/db/query-fields';
import { categorySchema } from '../../src/db/schemas/category-schema';
import { productSchema } from '../../src/db/schemas/product-schema';
import { shopSchema } from '../../src/db/schemas/shop-schema';
import { followSchema } from '../../src/db/schemas/follow-schema';
import { outboxSchema } from '../../src/db/schemas/outbox-schema';
import { reviewSchema } from '../../src/db/schemas/review-schema';
import { followDocSchema, reviewDocSchema } from '../../src/domain/social-schemas';
import { wishlistDocSchema } from '../../src/domain/commerce-schemas';
import { cartLineDocSchema } from '../../src/db/cart-line';
import { cartItemSchema } from '../../src/db/schemas/cart-item-schema';
import { localOrderDocSchema, orderSchema } from '../../src/db/schemas/order-schema';
import { bookingRxSchema, localBookingDocSchema } from '../../src/db/schemas/booking-schema';
import { wishlistSchema } from '../../src/db/schemas/wishlist-schema';
import { conversationSchema } from '../../src/domain/community-schemas';
import {
  communityPostRxSchema,
  conversationRxSchema,
  localCommunityPostDocSchema,
  localMessageDocSchema,
  messageRxSchema,
} from '../../src/db/schemas/community-schemas';
import { makeCategories, makeProducts } from './support/catalog-fixtures';
import { cartLine, order, wishlistItem } from './support/commerce-fixtures';
import { openTestDatabase } from './support/test-db';

interface Shape {
  types: string[];
  enum?: unknown[];
  items?: Shape;
  properties?: Record<string, Shape>;
  required?: string[];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The structural part of a JSON schema: types (anyOf flattened), enum, items, properties, required. */
function shape(schema: unknown): Shape {
  if (!isRecord(schema)) throw new Error('not a schema');
  const types = new Set<string>();
  const add = (t: unknown) => {
    if (typeof t === 'string') types.add(t === 'integer' ? 'integer' : t);
    if (Array.isArray(t)) t.forEach(add);
  };
  add(schema.type);
  if (Array.isArray(schema.anyOf)) for (const s of schema.anyOf) if (isRecord(s)) add(s.type);
  const out: Shape = { types: [...types].sort() };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum].sort();
  // z.literal becomes { const }: the same as a one-value enum.
  else if (schema.const !== undefined) out.enum = [schema.const];
  if (schema.items !== undefined) out.items = shape(schema.items);
  if (isRecord(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, shape(v)]));
    out.required = Array.isArray(schema.required) ? [...(schema.required as string[])].sort() : [];
  }
  return out;
}

/** The stored product (StoredProduct): the wire document with the fields the maps give, and the variants' prices, optional. */
const storedProductDocSchema = productDocSchema.extend({
  ...Object.fromEntries(DERIVED_PRODUCT_FIELDS.map((f) => [f, z.string().optional()])),
  variants: z.array(variantSchema.partial({ discount_price: true, has_discount: true, discount_percent: true, effective_price: true })),
});

const CASES = [
  { name: 'products', zod: storedProductDocSchema, rx: productSchema },
  { name: 'categories', zod: categoryDocSchema, rx: categorySchema },
  { name: 'shops', zod: shopDocSchema, rx: shopSchema },
  { name: 'reviews', zod: reviewDocSchema, rx: reviewSchema },
  { name: 'follows', zod: followDocSchema, rx: followSchema },
  { name: 'cart_items', zod: cartLineDocSchema, rx: cartItemSchema },
  { name: 'wishlist', zod: wishlistDocSchema, rx: wishlistSchema },
  { name: 'orders', zod: localOrderDocSchema, rx: orderSchema },
  { name: 'community_posts', zod: localCommunityPostDocSchema, rx: communityPostRxSchema },
  { name: 'conversations', zod: conversationSchema, rx: conversationRxSchema },
  { name: 'messages', zod: localMessageDocSchema, rx: messageRxSchema },
  { name: 'bookings', zod: localBookingDocSchema, rx: bookingRxSchema },
];

describe('RxDB schemas are derived faithfully from the zod doc schemas', () => {
  for (const c of CASES) {
    it(`${c.name}: same fields, types, enums, nesting and required; no extra fields; all required`, () => {
      const fromZod = shape(z.toJSONSchema(c.zod));
      const rx = shape(c.rx);
      expect(rx).toEqual(fromZod);
      const optional: readonly string[] = c.name === 'products' ? DERIVED_PRODUCT_FIELDS : [];
      expect([...(rx.required ?? [])].sort()).toEqual(Object.keys(rx.properties ?? {}).filter((k) => !optional.includes(k)).sort());
    });
  }

  it('every indexed field is required (Dexie DXE1)', () => {
    for (const schema of [productSchema, categorySchema, shopSchema, reviewSchema, followSchema, outboxSchema, cartItemSchema, wishlistSchema, orderSchema]) {
      const fields = (schema.indexes ?? []).flatMap((i) => (typeof i === 'string' ? [i] : [...i]));
      for (const f of fields) expect(schema.required, `${schema.title}.${f}`).toContain(f);
    }
  });
});

describe('dev-mode validation', () => {
  let db: SoukDatabase;
  beforeAll(async () => {
    db = await openTestDatabase({ devMode: true });
  });
  afterAll(async () => {
    await db?.remove();
  });

  it('accepts valid documents with 2-decimal prices (ajv multipleOf tolerance)', async () => {
    const [doc] = makeProducts(1);
    const res = await db.products.bulkInsert([toStoredProduct({ ...doc!, price: 19.99, effective_price: 19.99 })]);
    expect(res.error).toEqual([]);
    await expect(db.categories.insert(makeCategories()[0]!)).resolves.toBeTruthy();
  });

  it('rejects what zod rejects', async () => {
    const [doc] = makeProducts(1, 99);
    const bad = { ...toStoredProduct(doc!), gender: 'unisex' };
    expect(productDocSchema.safeParse(bad).success).toBe(false);
    const res = await db.products.bulkInsert([bad as never]);
    expect(res.error.length).toBe(1);
  });

  it('accepts the commerce documents zod accepts, and rejects what it rejects', async () => {
    const o = order('0d9b0f3e-6a47-4c51-9a53-1f1ad2f2c7b1');
    expect(localOrderDocSchema.safeParse(o).success).toBe(true);
    await expect(db.orders.insert(o)).resolves.toBeTruthy();
    const queued = order('c1e7a8a4-5f40-4a6e-8d7e-3a1f0b9c2d11', { order_id: 0, order_number: '', tracking_number: '', local_state: 'queued' });
    expect(localOrderDocSchema.safeParse(queued).success).toBe(true);
    await expect(db.orders.insert(queued)).resolves.toBeTruthy();
    const badOrder = order('x1', { status: 'lost' as never });
    expect(localOrderDocSchema.safeParse(badOrder).success).toBe(false);
    await expect(db.orders.insert(badOrder)).rejects.toThrow();

    expect(cartLineDocSchema.safeParse(cartLine(4)).success).toBe(true);
    await expect(db.cart_items.insert(cartLine(4))).resolves.toBeTruthy();
    const badLine = cartLine(5, { quantity: 0 });
    expect(cartLineDocSchema.safeParse(badLine).success).toBe(false);
    await expect(db.cart_items.insert(badLine)).rejects.toThrow();

    expect(wishlistDocSchema.safeParse(wishlistItem(9)).success).toBe(true);
    await expect(db.wishlist.insert(wishlistItem(9))).resolves.toBeTruthy();
    const badItem = wishlistItem(10, { notes: 'x'.repeat(501) });
    expect(wishlistDocSchema.safeParse(badItem).success).toBe(false);
    await expect(db.wishlist.insert(badItem)).rejects.toThrow();
  });
});
