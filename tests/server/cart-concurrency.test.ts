/**
 * Cart writes under repeats and races: an idempotent replay of an add acts
 * once (docs/REVIEWS-FOLLOWS.md), the same key with another body is 422, a
 * guest's keys are scoped to their token; and concurrent adds of one variant
 * never exceed its stock nor make two lines, on SQLite (BEGIN IMMEDIATE) and
 * on PostgreSQL (the cart row lock; skipped with SOUK_SKIP_PG=1).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { authHeaders, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { cartCall, fixProduct, guestHeaders, productWithVariants, variantOf } from './support/cart-fixtures';

/** 12 parallel adds of 1 against stock 5, for one user, then 12 more against a new variant as two sessions. */
async function race(url: string, db: Database): Promise<void> {
  const p = await fixProduct(db, await productWithVariants(db, 0), 100, [5, 7]);
  const user = await registerUser(url);
  const h = authHeaders(user.token);
  const answers = await Promise.all(Array.from({ length: 12 }, () => cartCall(url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, h)));
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
  expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
  for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('STOCK_EXCEEDED');
  // stock_id picks the first variant with stock (variant 0, already all in the cart): all refused.
  const big = await Promise.all(Array.from({ length: 3 }, () => cartCall(url, 'POST', '/api/cart/items', { stock_id: p.productId, quantity: 3 }, h)));
  expect(big.filter((a) => a.status === 200)).toHaveLength(0);
  // Larger adds racing on variant 1: 3 + 3 + 3 against 7 → two succeed.
  const second = await Promise.all(Array.from({ length: 3 }, () => cartCall(url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 1), quantity: 3 }, h)));
  expect(second.filter((a) => a.status === 200)).toHaveLength(2);
  const cart = await cartCall(url, 'GET', '/api/cart', undefined, h);
  expect(cart.body.data.items.map((i) => [i.variant_id, i.quantity])).toEqual([
    [variantOf(p, 0), 5],
    [variantOf(p, 1), 6],
  ]);
  const lines = await db.kysely.selectFrom('cart_items').innerJoin('carts', 'carts.id', 'cart_items.cart_id').select('cart_items.variant_id').where('carts.user_id', '=', Number(user.user.id)).execute();
  expect(lines).toHaveLength(2);
  // A brand-new user's first adds race to create the cart: one cart, one line.
  const other = await registerUser(url);
  const oh = authHeaders(other.token);
  const first = await Promise.all(Array.from({ length: 6 }, () => cartCall(url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 }, oh)));
  expect(first.filter((a) => a.status === 200)).toHaveLength(5);
  const carts = await db.kysely.selectFrom('carts').select('id').where('user_id', '=', Number(other.user.id)).execute();
  expect(carts).toHaveLength(1);
}

describe('idempotent cart writes', () => {
  let server: AuthServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a replayed add (same key, same body) acts once and answers the stored answer', async () => {
    const p = await fixProduct(server.db, await productWithVariants(server.db, 0), 100, [10]);
    const h = authHeaders((await registerUser(server.url)).token);
    const body = { variant_id: variantOf(p, 0), quantity: 2 };
    const first = await cartCall(server.url, 'POST', '/api/cart/items', body, { ...h, 'idempotency-key': 'add-1' });
    const again = await cartCall(server.url, 'POST', '/api/cart/items', { quantity: 2, variant_id: variantOf(p, 0) }, { ...h, 'idempotency-key': 'add-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await cartCall(server.url, 'GET', '/api/cart', undefined, h)).body.data.items[0]?.quantity).toBe(2);
    const other = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 3 }, { ...h, 'idempotency-key': 'add-1' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await cartCall(server.url, 'GET', '/api/cart', undefined, h)).body.data.items[0]?.quantity).toBe(2);
    // A refusal is stored too: the replay of a refused add is the same refusal.
    const refused = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 9 }, { ...h, 'idempotency-key': 'add-2' });
    const refusedAgain = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 9 }, { ...h, 'idempotency-key': 'add-2' });
    expect(refused.body.code).toBe('STOCK_EXCEEDED');
    expect(refusedAgain.body).toEqual(refused.body);
  });

  it("a guest's keys are scoped to their token: another guest may use the same key", async () => {
    const p = await fixProduct(server.db, await productWithVariants(server.db, 1), 50, [10]);
    const a = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 });
    const b = await cartCall(server.url, 'POST', '/api/cart/items', { variant_id: variantOf(p, 0), quantity: 1 });
    const ta = a.headers.get('guest-token') ?? '';
    const tb = b.headers.get('guest-token') ?? '';
    const body = { variant_id: variantOf(p, 0), quantity: 2 };
    const first = await cartCall(server.url, 'POST', '/api/cart/items', body, { ...guestHeaders(ta), 'idempotency-key': 'shared-key' });
    const replay = await cartCall(server.url, 'POST', '/api/cart/items', body, { ...guestHeaders(ta), 'idempotency-key': 'shared-key' });
    const otherGuest = await cartCall(server.url, 'POST', '/api/cart/items', body, { ...guestHeaders(tb), 'idempotency-key': 'shared-key' });
    expect(first.body.data.item_count).toBe(3);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(otherGuest.headers.get('idempotent-replayed')).toBeNull();
    expect(otherGuest.body.data.item_count).toBe(3);
    expect((await cartCall(server.url, 'GET', '/api/cart', undefined, guestHeaders(ta))).body.data.item_count).toBe(3);
    const principals = await server.db.kysely.selectFrom('idempotency_keys').select('principal').where('key', '=', 'shared-key').execute();
    expect(principals.map((r) => r.principal).sort()).toEqual(
      [ta, tb].map((t) => `guest:${createHash('sha256').update(t).digest('hex')}`).sort(),
    );
  });
});

onSqliteAndPostgres('concurrent adds of one variant: never beyond stock, never two lines', race);
