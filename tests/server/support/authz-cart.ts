/**
 * Objects for the matrix rows of issue 5 (cart checkout and merge, wishlist):
 * a variant with plenty of stock for every identity's cart line, the products
 * the wishlist rows use (the last ones, away from the review rows' slots), and
 * readers of an identity's own wishlist rows.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { SignedIn, World } from './authz-identities';
import { productIds } from './authz-social';

const stockedVariant = new WeakMap<World, number>();

/** A live variant given ample stock (once per world), for the cart lines of the checkout row. */
async function variantWithStock(world: World): Promise<number> {
  const known = stockedVariant.get(world);
  if (known !== undefined) return known;
  const row = await world.server.db.kysely
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select('product_variants.id')
    .where('products.deleted', '=', 0)
    .orderBy('product_variants.id', 'desc')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await world.server.db.kysely.updateTable('product_variants').set({ stock: 1000 }).where('id', '=', id).execute();
  stockedVariant.set(world, id);
  return id;
}

/** Makes sure the identity's cart has a line in stock (so checkout has something to check). */
export async function ensureCartLine(world: World, who: SignedIn): Promise<void> {
  const variantId = await variantWithStock(world);
  const cart = await world.as(who, 'GET', '/api/cart');
  expect(cart.status, cart.text).toBe(200);
  const items = field(cart.json, 'data', 'items');
  if (Array.isArray(items) && items.some((i: unknown) => Number(field(i, 'variant_id')) === variantId)) return;
  const added = await world.as(who, 'POST', '/api/cart/items', { variant_id: variantId, quantity: 1 });
  expect(added.status, added.text).toBe(200);
}

/** The product the wishlist rows use: `fromEnd` 0 is the last live product. */
export async function wishlistProduct(world: World, fromEnd: number): Promise<number> {
  const ids = await productIds(world);
  const id = ids[ids.length - 1 - fromEnd];
  if (id === undefined) throw new Error('the authz server has too few products');
  return id;
}

/** Puts the product on the identity's wishlist when it is not there. */
export async function ensureWishlisted(world: World, who: SignedIn, productId: number): Promise<void> {
  const r = await world.as(who, 'POST', '/api/wishlist', { product_id: productId });
  expect([201, 400], r.text).toContain(r.status);
}

/** The identity's wishlist rows as stored (live and removed), by product id. */
export async function wishlistRows(world: World, who: SignedIn): Promise<{ productId: number; deleted: boolean }[]> {
  const rows = await world.server.db.kysely
    .selectFrom('wishlist_items')
    .select(['product_id', 'deleted'])
    .where('user_id', '=', world.actors[who].userId)
    .orderBy('product_id')
    .execute();
  return rows.map((r) => ({ productId: Number(r.product_id), deleted: Number(r.deleted) === 1 }));
}
