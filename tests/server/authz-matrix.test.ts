/**
 * Authorisation matrix (docs/ACCOUNTS.md): every protected endpoint of
 * support/authz-table.ts called as each of six identities (guest, buyers A and
 * B, the sellers of shops X and Y, an admin) against a real server on loopback
 * over a real SQLite file. A cell succeeds (2xx) iff the identity is allowed;
 * otherwise it answers 401 (guest), 403 (wrong role) or 404 (someone else's
 * object), and the targeted object, read back by its owner, and the account
 * tables are unchanged. A completeness check fails on any account or write
 * route that is neither in the table nor explicitly public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { field } from './support/authz-http';
import { addressBody, IDENTITIES, setUpWorld, SIGNED_IN, type Identity, type SignedIn, type World } from './support/authz-identities';
import { needsAuthzDecision, registeredRoutes, routeKey } from './support/authz-routes';
import { signTokenLikeTheServer } from './support/fuzz-tokens';
import { startAuthzServer, TEST_SECRET, type AuthzServer } from './support/authz-server';
import { AUTHZ_TABLE, PUBLIC_ROUTES, type AuthzRow } from './support/authz-table';
import { changedTables, openDigestReader, type DigestReader } from './support/fuzz-digest';

let server: AuthzServer;
let world: World;
let reader: DigestReader;
beforeAll(async () => {
  server = await startAuthzServer();
  world = await setUpWorld(server);
  reader = openDigestReader(server.dbUrl);
});
afterAll(async () => {
  await reader?.close();
  await server?.close();
});

const isAllowed = (row: AuthzRow, who: Identity): who is SignedIn => who !== 'guest' && row.allowed.includes(who);

function expectedRefusal(row: AuthzRow, who: Identity): { status: number; code: string } {
  if (who === 'guest') return { status: 401, code: 'UNAUTHENTICATED' };
  const refusal = row.refusedAs?.[who] ?? row.refused;
  if (refusal === 409) return { status: 409, code: row.conflictCode ?? 'CONFLICT' };
  if (refusal === 403) return { status: 403, code: row.forbiddenCode ?? 'FORBIDDEN' };
  return { status: 404, code: row.notFoundCode ?? 'ROUTE_NOT_FOUND' };
}

const rowName = (row: AuthzRow): string => `${row.method} ${row.route}${row.label ? ` (${row.label})` : ''}`;

let cellsRun = 0;

describe.each(AUTHZ_TABLE.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
  it.each(IDENTITIES)('as %s', async (who) => {
    const req = await row.request(world, who);
    const allowed = isAllowed(row, who);
    const targetBefore = allowed ? undefined : await row.target?.(world, req);
    const digestBefore = allowed ? undefined : await reader.digest();

    const reply = await world.as(who, row.method, req.path, req.body, req.token);
    cellsRun++;
    const what = `${who}: ${row.method} ${req.path} → ${reply.status} ${reply.text.slice(0, 300)}`;
    expect(reply.headers.get('cache-control'), `${what}\nCache-Control`).toContain('no-store');

    if (allowed && row.allowedAnswer) {
      expect(reply.status, what).toBe(row.allowedAnswer.status);
      expect(field(reply.json, 'code'), what).toBe(row.allowedAnswer.code);
      await row.check?.(world, who, reply, req);
      return;
    }
    if (allowed) {
      expect(reply.status, what).toBeGreaterThanOrEqual(200);
      expect(reply.status, what).toBeLessThan(300);
      await row.check?.(world, who, reply, req);
      return;
    }
    const expected = expectedRefusal(row, who);
    expect(reply.status, what).toBe(expected.status);
    expect(field(reply.json, 'code'), what).toBe(expected.code);
    expect(field(reply.json, 'success'), what).toBe(false);
    if (digestBefore) {
      expect(changedTables(digestBefore, await reader.digest()), `${what}\nno account table may change on a refusal`).toEqual([]);
    }
    if (row.target) expect(await row.target(world, req), `${what}\nthe target, read by its owner, is unchanged`).toEqual(targetBefore);
  });
});

describe('beyond the table', () => {
  it('ran every cell of the matrix', () => {
    expect(cellsRun).toBe(AUTHZ_TABLE.length * IDENTITIES.length);
  });

  it('an unknown shop id is a 404 for its would-be owner and the admin', async () => {
    for (const who of ['sellerX', 'admin'] as const) {
      const reply = await world.as(who, 'PUT', '/api/seller/shops/987654', { description: 'nobody' });
      expect(reply.status, reply.text).toBe(404);
    }
  });

  it('a token signed with the server secret but naming no live session is a guest', async () => {
    const now = Date.now();
    const token = signTokenLikeTheServer(TEST_SECRET, { sid: 'no-such-session', uid: world.actors.admin.userId, iat: now, exp: now + 60_000 });
    const reply = await world.as('guest', 'PUT', `/api/seller/shops/${world.shopX.id}`, { description: 'forged' }, token);
    expect(reply.status, reply.text).toBe(401);
  });
});

describe('no privilege through body fields (mass assignment)', () => {
  it('role, id, user_id and owner fields in bodies are ignored', async () => {
    const { buyerA, buyerB, sellerX, sellerY } = world.actors;
    const profile = await world.as('buyerB', 'POST', '/api/user/profile', { role: 'admin', id: buyerA.userId, user_id: buyerA.userId, first_name: 'Bee' });
    expect(profile.status, profile.text).toBe(200);
    expect(field(profile.json, 'user', 'role')).toBe('user');
    expect(Number(field(profile.json, 'user', 'id'))).toBe(buyerB.userId);
    const prefs = await world.as('buyerB', 'POST', '/api/user/preferences', { role: 'seller', newsletter: false });
    expect(field(prefs.json, 'user', 'role'), prefs.text).toBe('user');
    expect(field((await world.as('buyerA', 'GET', '/api/user/profile')).json, 'user', 'first_name'), "A's profile is A's").toBe('buyerA');

    // An address posted by B naming A (and A's address id) is B's own, new address.
    const aBefore = await world.as('buyerA', 'GET', '/api/user/addresses');
    const posted = await world.as('buyerB', 'POST', '/api/user/addresses', { ...addressBody('mass'), user_id: buyerA.userId, id: world.addressA });
    expect(posted.status, posted.text).toBe(201);
    expect(Number(field(posted.json, 'data', 'id'))).not.toBe(world.addressA);
    expect((await world.as('buyerA', 'GET', '/api/user/addresses')).json).toEqual(aBefore.json);
    const put = await world.as('buyerB', 'PUT', `/api/user/addresses/${world.addressB}`, { ...addressBody('mass-put'), user_id: buyerA.userId });
    expect(put.status, put.text).toBe(200);
    expect((await world.as('buyerA', 'GET', '/api/user/addresses')).json).toEqual(aBefore.json);

    // A seller cannot hand their shop over, or reach the other shop, through the body.
    const yBefore = field((await world.as('sellerY', 'GET', '/api/seller/shop')).json, 'data');
    const shop = await world.as('sellerX', 'PUT', `/api/seller/shops/${world.shopX.id}`, {
      description: 'mass',
      owner_user_id: sellerY.userId,
      id: world.shopY.id,
      slug: 'hijacked',
    });
    expect(shop.status, shop.text).toBe(200);
    expect(Number(field(shop.json, 'data', 'id'))).toBe(world.shopX.id);
    const owners = await server.db.kysely.selectFrom('shops').select(['id', 'owner_user_id', 'slug']).where('id', 'in', [world.shopX.id, world.shopY.id]).orderBy('id').execute();
    expect(owners.map((o) => [Number(o.id), Number(o.owner_user_id), o.slug])).toEqual(
      [
        [world.shopX.id, sellerX.userId, world.shopX.slug],
        [world.shopY.id, sellerY.userId, world.shopY.slug],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(field((await world.as('sellerY', 'GET', '/api/seller/shop')).json, 'data')).toEqual(yBefore);
  });
});

describe('completeness', () => {
  it('every account route and every write under /api is in the matrix table or explicitly public', async () => {
    // A fresh app: the routes it registers, straight from Fastify's route tree.
    const app = await buildApp({ db: server.db, logger: false, auth: { secret: TEST_SECRET, rateLimits: false, google: null } });
    try {
      const routes = await registeredRoutes(app);
      // The parser reads real trees (a nested and a flat route it must find).
      expect(routes.map((r) => routeKey(r.method, r.url))).toEqual(
        expect.arrayContaining(['GET /api/health', 'GET /api/shops/:shop/products', 'POST /api/auth/login']),
      );
      const covered = new Set([...AUTHZ_TABLE.map((r) => routeKey(r.method, r.route)), ...PUBLIC_ROUTES]);
      const missing = routes.filter(needsAuthzDecision).map((r) => routeKey(r.method, r.url)).filter((k) => !covered.has(k));
      expect(missing, 'add these to tests/server/support/authz-table.ts (AUTHZ_TABLE or PUBLIC_ROUTES)').toEqual([]);

      const registered = new Set(routes.map((r) => routeKey(r.method, r.url)));
      const stale = [...covered].filter((k) => !registered.has(k));
      expect(stale, 'table rows for routes the app does not register').toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the identities are who they claim to be', async () => {
    const roles: Record<SignedIn, string> = { buyerA: 'user', buyerB: 'user', sellerX: 'seller', sellerY: 'seller', admin: 'admin' };
    for (const who of SIGNED_IN) {
      const reply = await world.as(who, 'GET', '/api/user/profile');
      expect(field(reply.json, 'user', 'role'), who).toBe(roles[who]);
    }
    expect(Number(field((await world.as('sellerX', 'GET', '/api/user/profile')).json, 'user', 'shop', 'id'))).toBe(world.shopX.id);
  });
});
