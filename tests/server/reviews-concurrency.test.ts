/**
 * Concurrent review writes keep products.rating_x10 and reviews_count equal to
 * the review rows: 30 parallel creates, edits and deletes on one product, on
 * SQLite (BEGIN IMMEDIATE) and on PostgreSQL (advisory locks; skipped with
 * SOUK_SKIP_PG=1 like postgres.test.ts).
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';

async function hammer(url: string, db: Database): Promise<void> {
  const product = await db.kysely.selectFrom('products').select('id').where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const pid = Number(product.id);
  const users = await Promise.all(Array.from({ length: 10 }, () => registerUser(url)));
  // Half of the users already have a review to edit or delete.
  const existing: string[] = [];
  for (const u of users.slice(0, 5)) {
    const r = await requestJson<{ data: { id: string } }>(url, 'POST', '/api/reviews', { product_id: pid, rating: 3, content: 'first' }, authHeaders(u.token));
    expect(r.status).toBe(201);
    existing.push(r.body.data.id);
  }
  const calls = Array.from({ length: 30 }, (_, i) => {
    const u = users[i % 10];
    if (!u) throw new Error('no user');
    const h = authHeaders(u.token);
    const own = existing[i % 10];
    if (i % 10 >= 5 || own === undefined) return requestJson(url, 'POST', '/api/reviews', { product_id: pid, rating: (i % 5) + 1, content: `c${i}` }, h);
    return i % 3 === 0 ? requestJson(url, 'DELETE', `/api/reviews/${own}`, undefined, h) : requestJson(url, 'PUT', `/api/reviews/${own}`, { rating: (i % 5) + 1 }, h);
  });
  const answers = await Promise.all(calls);
  for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
  expect(answers.filter((a) => a.status === 201).length).toBe(5);

  const p = await db.kysely.selectFrom('products').select(['rating_x10', 'reviews_count']).where('id', '=', pid).executeTakeFirstOrThrow();
  const rows = await db.kysely.selectFrom('reviews').select('rating').where('product_id', '=', pid).where('deleted', '=', 0).execute();
  const total = rows.reduce((s, r) => s + Number(r.rating), 0);
  expect(Number(p.reviews_count)).toBe(rows.length);
  expect(Number(p.rating_x10)).toBe(rows.length === 0 ? 0 : Math.round((total * 10) / rows.length));
  const list = await requestJson<{ summary: { count: number; average: number } }>(url, 'GET', `/api/products/${pid}/reviews`);
  expect(list.body.summary.count).toBe(rows.length);
  expect(list.body.summary.average).toBe(Number(p.rating_x10) / 10);
}

onSqliteAndPostgres('concurrent review writes: rating and count equal the rows', (url, db) => hammer(url, db));
