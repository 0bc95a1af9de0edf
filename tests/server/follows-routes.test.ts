/**
 * Follows over real HTTP and a real SQLite file: follow/unfollow are idempotent
 * by nature, shops.followers moves exactly with the live follow rows (the seed's
 * synthetic counts stay as a baseline, repositories/follows.ts), guests get 401, unknown
 * shops 404, a suspended shop can be unfollowed but not followed, and the
 * personal pull returns only the caller's documents (soft deletes included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullResponseSchema } from '../../src/sync/protocol';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => server.close());

const call = (method: string, path: string, token: string | null) => requestJson(server.url, method, path, undefined, token ? authHeaders(token) : {});

async function shop(status: 'active' | 'suspended') {
  const row = await server.db.kysely.selectFrom('shops').select(['id', 'followers', 'updated_at']).where('status', '=', status).orderBy('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), followers: Number(row.followers), updatedAt: Number(row.updated_at) };
}

async function liveFollows(shopId: number): Promise<number> {
  const rows = await server.db.kysely.selectFrom('follows').select('user_id').where('shop_id', '=', shopId).where('deleted', '=', 0).execute();
  return rows.length;
}

describe('follows', () => {
  it('follow, follow again, unfollow, unfollow again: followers move with the rows and the shop bumps', async () => {
    const a = await registerUser(server.url);
    const s = await shop('active');
    const baseline = s.followers - (await liveFollows(s.id));
    const first = await call('POST', `/api/shops/${s.id}/follow?timestamp=${Date.now()}`, a.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'success', message: 'Shop followed', data: { isFollowing: true, followers: s.followers + 1 } });
    const after = await shop('active');
    expect(after.updatedAt).toBeGreaterThan(s.updatedAt);
    expect(after.followers - (await liveFollows(s.id))).toBe(baseline);

    const again = await call('POST', `/api/shops/${s.id}/follow`, a.token);
    expect(again.body).toEqual(first.body);
    expect((await call('GET', `/api/shops/${s.id}/following`, a.token)).body).toEqual({ status: 'success', data: { isFollowing: true, isAuthenticated: true } });

    const un = await call('DELETE', `/api/shops/${s.id}/follow?timestamp=1`, a.token);
    expect(un.body).toEqual({ status: 'success', message: 'Shop unfollowed', data: { isFollowing: false, followers: s.followers } });
    expect((await call('DELETE', `/api/shops/${s.id}/follow`, a.token)).body).toEqual(un.body);
    expect((await shop('active')).followers - (await liveFollows(s.id))).toBe(baseline);
  });

  it('guests: 401 on writes, isAuthenticated false on the state; unknown shops 404', async () => {
    const s = await shop('active');
    const guest = await call('POST', `/api/shops/${s.id}/follow`, null);
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await call('DELETE', `/api/shops/${s.id}/follow`, null)).status).toBe(401);
    expect((await call('GET', `/api/shops/${s.id}/following`, null)).body).toEqual({ status: 'success', data: { isFollowing: false, isAuthenticated: false } });
    const a = await registerUser(server.url);
    for (const bad of ['999999', '0', 'abc', '01', '99999999999']) {
      const r = await call('POST', `/api/shops/${bad}/follow`, a.token);
      expect(r.status, bad).toBe(404);
      expect(r.body).toMatchObject({ code: 'SHOP_NOT_FOUND' });
      expect((await call('GET', `/api/shops/${bad}/following`, a.token)).status).toBe(404);
    }
  });

  it('a suspended shop cannot be followed (422) but can be unfollowed', async () => {
    const a = await registerUser(server.url);
    const s = await shop('suspended');
    const r = await call('POST', `/api/shops/${s.id}/follow`, a.token);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'SHOP_SUSPENDED', message: 'This shop is suspended.' });
    expect(await liveFollows(s.id)).toBe(0);
    // A follow from before the suspension.
    await server.db.kysely.insertInto('follows').values({ user_id: a.user.id, shop_id: s.id, created_at: 1, updated_at: 1, deleted: 0 }).execute();
    await server.db.kysely.updateTable('shops').set({ followers: s.followers + 1 }).where('id', '=', s.id).execute();
    const un = await call('DELETE', `/api/shops/${s.id}/follow`, a.token);
    expect(un.status).toBe(200);
    expect(un.body).toMatchObject({ data: { isFollowing: false, followers: s.followers } });
  });

  it('the personal pull: own documents only, soft deletes included, auth required, no-store', async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    const shops = await server.db.kysely.selectFrom('shops').select('id').where('status', '=', 'active').orderBy('id').limit(3).execute();
    for (const s of shops) expect((await call('POST', `/api/shops/${s.id}/follow`, a.token)).status).toBe(200);
    await call('DELETE', `/api/shops/${shops[1]?.id}/follow`, a.token);
    await call('POST', `/api/shops/${shops[2]?.id}/follow`, b.token);

    expect((await call('GET', '/api/sync/follows/pull?v=1', null)).status).toBe(401);
    const r = await call('GET', '/api/sync/follows/pull?v=1&limit=2', a.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const page1 = pullResponseSchema('follows').parse(r.body);
    expect(page1.documents).toHaveLength(2);
    expect(page1.remaining).toBe(1);
    const cp = page1.checkpoint;
    const r2 = await call('GET', `/api/sync/follows/pull?v=1&updatedAt=${cp?.updatedAt}&id=${cp?.id}`, a.token);
    const page2 = pullResponseSchema('follows').parse(r2.body);
    const all = [...page1.documents, ...page2.documents];
    expect(all.map((d) => d.shopId).sort()).toEqual(shops.map((s) => Number(s.id)).sort());
    expect(all.find((d) => d.shopId === Number(shops[1]?.id))?._deleted).toBe(true);
    expect(all.filter((d) => !d._deleted)).toHaveLength(2);
    const bDocs = pullResponseSchema('follows').parse((await call('GET', '/api/sync/follows/pull?v=1', b.token)).body).documents;
    expect(bDocs.map((d) => d.shopId)).toEqual([Number(shops[2]?.id)]);
    expect((await call('GET', '/api/sync/follows/pull?v=2', a.token)).status).toBe(400);
    expect((await call('GET', '/api/sync/follows/pull?v=1&updatedAt=1', a.token)).status).toBe(400);
  });
});
