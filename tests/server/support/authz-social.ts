/**
 * Objects for the matrix rows of issue 4 (reviews and follows): buyer A's
 * reviews on the authz server's products, made through the API, and readers
 * that show them as their author sees them.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { World } from './authz-identities';

const productIdsByWorld = new WeakMap<World, number[]>();

/** The live products of the authz server, by id. */
export async function productIds(world: World): Promise<number[]> {
  const known = productIdsByWorld.get(world);
  if (known) return known;
  const rows = await world.server.db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').execute();
  const ids = rows.map((r) => Number(r.id));
  productIdsByWorld.set(world, ids);
  return ids;
}

/** Product slots: 0 is for the create row (every identity reviews it once), 1 holds buyer A's shared review, 2+ one per delete cell. */
export async function productAt(world: World, slot: number): Promise<number> {
  const id = (await productIds(world))[slot];
  if (id === undefined) throw new Error(`the authz server has no product in slot ${slot}`);
  return id;
}

export function reviewBody(productId: number, label: string): Record<string, unknown> {
  return { product_id: productId, rating: 4, title: `Title ${label}`, content: `Content by ${label}` };
}

const sharedReview = new WeakMap<World, number>();
let deleteSlot = 2;

/** Buyer A's review that the edit and react rows target (made once). */
export async function reviewOfA(world: World): Promise<number> {
  const known = sharedReview.get(world);
  if (known !== undefined) return known;
  const reply = await world.as('buyerA', 'POST', '/api/reviews', reviewBody(await productAt(world, 1), 'buyerA'));
  expect(reply.status, reply.text).toBe(201);
  const id = Number(field(reply.json, 'data', 'id'));
  sharedReview.set(world, id);
  return id;
}

/** A fresh review of buyer A's on a product of its own (a delete cell removes one). */
export async function freshReviewOfA(world: World): Promise<number> {
  const reply = await world.as('buyerA', 'POST', '/api/reviews', reviewBody(await productAt(world, deleteSlot++), 'buyerA'));
  expect(reply.status, reply.text).toBe(201);
  return Number(field(reply.json, 'data', 'id'));
}

/** A review as the public list shows it (null once deleted). */
export async function reviewAsListed(world: World, reviewId: number): Promise<unknown> {
  const row = await world.server.db.kysely.selectFrom('reviews').select('product_id').where('id', '=', reviewId).executeTakeFirst();
  if (!row) return null;
  const reply = await world.as('buyerA', 'GET', `/api/products/${row.product_id}/reviews?limit=50`);
  expect(reply.status, reply.text).toBe(200);
  const list = field(reply.json, 'data');
  if (!Array.isArray(list)) throw new Error(`reviews: no data list in ${reply.text.slice(0, 200)}`);
  return list.find((r: unknown) => Number(field(r, 'id')) === reviewId) ?? null;
}

/** Whether `who` follows shop X, as they see it. */
export async function followsShopX(world: World, who: Exclude<Parameters<World['as']>[0], 'guest'>): Promise<unknown> {
  return field((await world.as(who, 'GET', `/api/shops/${world.shopX.id}/following`)).json, 'data', 'isFollowing');
}
