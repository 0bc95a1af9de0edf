/**
 * Idempotent writes over real HTTP: a repeat answers the stored status and body
 * with Idempotent-Replayed and acts once (5 parallel follows with one key move
 * followers by one; a repeat racing the first is 409 IDEMPOTENCY_KEY_IN_PROGRESS
 * at once), refusals are stored too, the same key on another path or with
 * another body is 422 and acts not, a malformed key 400, and answers older than
 * 24 h are swept.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as IdempotencyKeys from '../../src/server/repositories/idempotency-keys';
import { claimKey, findAnswer, sweepIdempotencyKeys } from '../../src/server/repositories/idempotency-keys';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';

// The key's reads are counted: a repeat that waited for the first request (polled) would read it again and again.
vi.mock('../../src/server/repositories/idempotency-keys', async (importOriginal) => {
  const actual = await importOriginal<typeof IdempotencyKeys>();
  return { ...actual, claimKey: vi.fn(actual.claimKey), findAnswer: vi.fn(actual.findAnswer) };
});

/** How often the server tried to claim a key and read a stored answer since the last call. */
function keyReads(): { claims: number; answers: number } {
  const reads = { claims: vi.mocked(claimKey).mock.calls.length, answers: vi.mocked(findAnswer).mock.calls.length };
  vi.mocked(claimKey).mockClear();
  vi.mocked(findAnswer).mockClear();
  return reads;
}

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
  it('5 parallel follows with one key: one acts, the others answer the stored answer (replayed) or 409 at once', async () => {
    const a = await registerUser(server.url);
    const before = await activeShop();
    keyReads();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('POST', `/api/shops/${before.id}/follow`, a.token, 'key-parallel-1')));
    // Nobody waits for the first (no poll): one claim each, and the four that lost it read the stored row once.
    expect(keyReads()).toEqual({ claims: 5, answers: 4 });
    const first = answers.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') === null);
    expect(first).toHaveLength(1);
    for (const r of answers) {
      if (r.status === 409) {
        expect(r.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: 'A request with this idempotency key is still in progress.' });
        expect(r.headers.get('idempotent-replayed')).toBeNull();
      } else {
        expect(r.status).toBe(200);
        expect(r.body).toEqual(first[0]?.body);
      }
    }
    expect((await activeShop()).followers).toBe(before.followers + 1);

    // Once answered, a repeat gets the stored answer: nothing acts.
    const repeat = await send('POST', `/api/shops/${before.id}/follow`, a.token, 'key-parallel-1');
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first[0]?.body);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');

    // Unfollow, then replay the old follow key: the stored answer, and nothing acts.
    expect((await send('DELETE', `/api/shops/${before.id}/follow`, a.token, 'key-unfollow-1')).status).toBe(200);
    const replay = await send('POST', `/api/shops/${before.id}/follow`, a.token, 'key-parallel-1');
    expect(replay.body).toEqual(first[0]?.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await activeShop()).followers).toBe(before.followers);
  });

  it('a key whose first request is still in flight answers 409 IDEMPOTENCY_KEY_IN_PROGRESS at once, and nothing acts', async () => {
    const a = await registerUser(server.url);
    const shop = await activeShop();
    const now = Date.now();
    await server.db.kysely
      .insertInto('idempotency_keys')
      .values({ principal: `user:${a.user.id}`, key: 'in-flight-1', method: 'POST', path: `/api/shops/${shop.id}/follow`, status: 0, content_type: '', body: '', created_at: now, body_hash: null })
      .execute();
    keyReads();
    const r = await send('POST', `/api/shops/${shop.id}/follow`, a.token, 'in-flight-1');
    // At once: one claim refused, one read of the unanswered row, no waiting for the first to finish.
    expect(keyReads()).toEqual({ claims: 1, answers: 1 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect((await activeShop()).followers).toBe(shop.followers);
    // The 409 is not stored: the claim is still the first request's.
    const row = await server.db.kysely.selectFrom('idempotency_keys').select(['status']).where('key', '=', 'in-flight-1').executeTakeFirstOrThrow();
    expect(Number(row.status)).toBe(0);
  });

  it('the same key with another JSON body on the same path is 422 and nothing acts; key order does not matter', async () => {
    const a = await registerUser(server.url);
    const body = { type: 'shipping', address: 'No 1', city: 'Fes', state: 'Fes-Meknes', country: 'MA' };
    const first = await send('POST', '/api/user/addresses', a.token, 'address-body-1', body);
    expect(first.status).toBe(201);

    // The same fields in another order (and so other raw bytes) is the same request: replayed.
    const reordered = { country: 'MA', state: 'Fes-Meknes', city: 'Fes', address: 'No 1', type: 'shipping' };
    const again = await send('POST', '/api/user/addresses', a.token, 'address-body-1', reordered);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const other = await send('POST', '/api/user/addresses', a.token, 'address-body-1', { ...body, address: 'No 2' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This idempotency key was already used for another request.' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const otherCountry = await send('POST', '/api/user/addresses', a.token, 'address-body-1', { ...body, extra: undefined, country: 'FR' });
    expect(otherCountry.status).toBe(422);

    const list = await requestJson<{ data: { address: string }[] }>(server.url, 'GET', '/api/user/addresses', undefined, authHeaders(a.token));
    expect(list.body.data.map((x) => x.address)).toEqual(['No 1']);
    // The stored answer is still the first one.
    const replay = await send('POST', '/api/user/addresses', a.token, 'address-body-1', body);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
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
    // The first acts (201); a repeat racing it is 409, one after it the stored 201.
    for (const r of answers) expect([201, 409]).toContain(r.status);
    expect(answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const after = await send('POST', '/api/user/addresses', a.token, 'address-once', body);
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
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
