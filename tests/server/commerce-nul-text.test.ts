/**
 * Text PostgreSQL cannot store or compare (NUL) is bad input on the cart and the wishlist: a 422 with the
 * contract's code, never a 500 (which the client's outbox would retry for ever), and nothing written.
 * On SQLite and on PostgreSQL (skipped with SOUK_SKIP_PG=1).
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';

interface Refusal {
  code?: string;
}

async function check(url: string, db: Database): Promise<void> {
  const user = await registerUser(url);
  const h = authHeaders(user.token);
  const product = await db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();

  const add = await requestJson<Refusal>(url, 'POST', '/api/wishlist', { product_id: product.id, notes: 'gift\u0000for mum' }, h);
  expect(add.status, JSON.stringify(add.body)).toBe(422);
  expect(add.body.code).toBe('VALIDATION');
  expect(await db.kysely.selectFrom('wishlist_items').select('product_id').where('user_id', '=', Number(user.user.id)).execute()).toEqual([]);

  const ok = await requestJson(url, 'POST', '/api/wishlist', { product_id: product.id, notes: 'gift\nfor mum' }, h);
  expect(ok.status).toBe(201);
  const put = await requestJson<Refusal>(url, 'PUT', `/api/wishlist/${product.id}`, { notes: '\u0000' }, h);
  expect(put.status, JSON.stringify(put.body)).toBe(422);
  expect(put.body.code).toBe('VALIDATION');

  for (const code of ['WELCOME10\u0000', '\u0000', 'SOUK\u000050']) {
    const coupon = await requestJson<Refusal>(url, 'POST', '/api/cart/coupon', { code }, h);
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(422);
    expect(coupon.body.code).toBe('COUPON_INVALID');
  }
}

onSqliteAndPostgres('NUL in cart and wishlist text', check);
