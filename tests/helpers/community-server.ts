/**
 * The real server and the client of the community sync tests (tests/sync, DataService on fake-indexeddb): one
 * server for the test file with verified sellers signed in, one client at a time (two whole databases do not fit
 * one realm, COL23) signed in and synced, closed after each test, and the requests the tests start from.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { slugify } from '../../src/server/repositories/shop-reads';
import { SHOPS } from '../../src/server/seed/shop-data';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { startClient, type TestClient } from '../sync/support/client';
import { outboxNet, type OutboxNet } from '../sync/support/outbox-net';
import { authHeaders, requestJson, sellerLogin, startAuthServer, type AuthServer, type RegisteredUser } from './auth';

/** A verified seller of the seed, signed in. */
export interface Seller {
  token: string;
  userId: number;
  shopId: number;
}

export interface CommunityServer {
  /** The server (from beforeAll on). */
  readonly server: AuthServer;
  /** The first verified, active shops of the seed, their sellers signed in (from beforeAll on). */
  readonly sellers: readonly Seller[];
  /** The network of the client started last. */
  readonly net: OutboxNet;
  /**
   * Closes the client started before, starts one on a new network (through `wrap`, if given), and waits for its
   * initial sync, the session of `token` and its personal sync.
   */
  start(token: string, wrap?: (fetch: FetchLike) => FetchLike): Promise<TestClient>;
  /** Whether the client's outbox has nothing left to send. */
  drained(c: TestClient): Promise<boolean>;
  goOffline(c: TestClient): void;
  goOnline(c: TestClient): void;
  /** `owner` posts a request titled `title` straight to the server. */
  postRequest(owner: RegisteredUser, title: string): Promise<{ id: string; post_id: number }>;
}

const missing = (what: string): never => {
  throw new Error(`${what} is not there: communityServer's beforeAll has not run`);
};

/** Call at the top of a test file: starts the server and signs in `sellerCount` sellers before its tests. */
export function communityServer(sellerCount = 1): CommunityServer {
  let server: AuthServer | null = null;
  let sellers: Seller[] | null = null;
  let net: OutboxNet | null = null;
  let client: TestClient | null = null;

  beforeAll(async () => {
    server = await startAuthServer({ products: 10 });
    const shops = SHOPS.filter((s) => s.is_verified && s.status === 'active').slice(0, sellerCount);
    if (shops.length < sellerCount) throw new Error(`the seed has fewer than ${sellerCount} verified shops`);
    const signedIn: Seller[] = [];
    for (const shop of shops) {
      const login = await sellerLogin(server.url, slugify(shop.name));
      signedIn.push({ token: login.token, userId: Number(login.user.id), shopId: Number(login.user.shop?.id) });
    }
    sellers = signedIn;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    await client?.service.close();
    client = null;
  });

  const env: CommunityServer = {
    get server() {
      return server ?? missing('the server');
    },
    get sellers() {
      return sellers ?? missing('the sellers');
    },
    get net() {
      return net ?? missing('the network');
    },
    async start(token, wrap) {
      await client?.service.close();
      const started = outboxNet();
      net = started;
      client = await startClient({ apiBase: env.server.url, fetch: wrap ? wrap(started.fetch) : started.fetch });
      await client.service.awaitInitialSync();
      await client.service.setSession(token);
      await client.service.awaitPersonalSync();
      return client;
    },
    async drained(c) {
      return (await c.service.query({ kind: 'outbox' })).every((e) => e.state === 'done' || e.state === 'failed');
    },
    goOffline(c) {
      c.online.set(false);
      env.net.offline = true;
    },
    goOnline(c) {
      env.net.offline = false;
      c.online.set(true);
    },
    async postRequest(owner, title) {
      const created = await requestJson<{ data: { post_id: number; id: string } }>(
        env.server.url,
        'POST',
        '/api/v1/community/posts',
        { title, description: 'Hand-made, for a wedding in June', category: 'other', budget_min: 500, budget_max: 1500, client_ref: crypto.randomUUID() },
        authHeaders(owner.token),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data;
    },
  };
  return env;
}
