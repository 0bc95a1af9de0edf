/**
 * Idempotent writes over real HTTP: a repeat answers the stored status and body
 * with Idempotent-Replayed and acts once (5 parallel follows with one key move
 * followers by one), refusals are stored too, the same key on another path is
 * 422, a malformed key 400, and answers older than 24 h are swept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from '../../src/server/repositories/idempotency-keys';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => server.close());

async function activeShop(): Promise<{ id: number; followers: number }> {
  const row = await server.db.kysely.selectFrom('shops').select(['id', 'followers']).where('status', '=', 'active').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { id: Number(row.id), followers: Number(row.followers) };
}

const send = (method: string, path: string, token: string, key: string, body?: unknown) =>
  requestJson(server.url, method, path, body, { ...authHeaders(token), 'idempotency-key': key });

describe('idempotent writes', () => {
  it('5 parallel follows with one key: one acts, all answer the same body, the repeats say replayed', async () => {
    const a = await registerUser(server.url);
    const before = await activeShop();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('POST', `/api/shops/${before.id}/follow`, a.token, 'key-parallel-1')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const r of answers) expect(r.body).toEqual(answers[0]?.body);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect((await activeShop()).followers).toBe(before.followers + 1);

    // Unfollow, then replay the old follow key: the stored answer, and nothing acts.
    expect((await send('DELETE', `/api/shops/${before.id}/follow`, a.token, 'key-unfollow-1')).status).toBe(200);
    const replay = await send('POST', `/api/shops/${before.id}/follow`, a.token, 'key-parallel-1');
    expect(replay.body).toEqual(answers[0]?.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await activeShop()).followers).toBe(before.followers);
  });

  it('keys belong to their user: the same key by another user acts for them', async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    const shop = await activeShop();
    await send('POST', `/api/shops/${shop.id}/follow`, a.token, 'shared-key');
    const r = await send('POST', `/api/shops/${shop.id}/follow`, b.token, 'shared-key');
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect((await activeShop()).followers).toBe(shop.followers + 2);
  });

  it('a refusal is stored and replayed; another path with the key is 422; a malformed key is 400', async () => {
    const a = await registerUser(server.url);
    const first = await send('POST', '/api/shops/999999/follow', a.token, 'refused-1');
    expect(first.status).toBe(404);
    const again = await send('POST', '/api/shops/999999/follow', a.token, 'refused-1');
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const shop = await activeShop();
    const reused = await send('POST', `/api/shops/${shop.id}/follow`, a.token, 'refused-1');
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This idempotency key was already used for another request.' });
    const otherMethod = await send('DELETE', '/api/shops/999999/follow', a.token, 'refused-1');
    expect(otherMethod.status).toBe(422);

    for (const bad of ['', 'a'.repeat(101), 'has space', 'ünï', 'semi;colon']) {
      const r = await send('POST', `/api/shops/${shop.id}/follow`, a.token, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
    }
  });

  it('works for the account routes too (an address is saved once)', async () => {
    const a = await registerUser(server.url);
    const body = { type: 'shipping', address: 'No 1', city: 'Fes', state: 'Fes-Meknes', country: 'MA' };
    const answers = await Promise.all(Array.from({ length: 3 }, () => send('POST', '/api/user/addresses', a.token, 'address-once', body)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const list = await requestJson<{ data: unknown[] }>(server.url, 'GET', '/api/user/addresses', undefined, authHeaders(a.token));
    expect(list.body.data).toHaveLength(1);
  });

  it('answers older than 24 h are swept and the key can act again', async () => {
    const a = await registerUser(server.url);
    const shop = await activeShop();
    await send('POST', `/api/shops/${shop.id}/follow`, a.token, 'old-key');
    await server.db.kysely.updateTable('idempotency_keys').set({ created_at: Date.now() - 25 * 3600_000 }).where('key', '=', 'old-key').execute();
    expect(await sweepIdempotencyKeys(server.db, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await server.db.kysely.selectFrom('idempotency_keys').select('key').where('key', '=', 'old-key').execute()).toEqual([]);
    await send('DELETE', `/api/shops/${shop.id}/follow`, a.token, 'unfollow-old');
    const again = await send('POST', `/api/shops/${shop.id}/follow`, a.token, 'old-key');
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body).toMatchObject({ data: { isFollowing: true } });
  });
});
