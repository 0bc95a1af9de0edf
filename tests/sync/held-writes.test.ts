/**
 * Queued writes across an involuntary sign-out (docs/ACCOUNTS.md "Client", docs/COMMERCE.md): the UI's wipe
 * with keepOutbox empties the personal collections but keeps the unsettled outbox entries, held for the
 * stored owner (SyncStatus.outbox.held) and not sent without a token; the same user signing in again sends
 * them, another user's sign-in discards them (what the guest queued since stays, for the merge). An explicit
 * logout (clearPersonalData without keepOutbox) still empties the outbox. A failed guest cart entry retried
 * while signed in goes as a user entry.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';
import { makeProducts } from '../db/support/catalog-fixtures';
import { insertCatalog } from '../db/support/test-db';
import { startClient, sleep, waitFor, type TestClient } from './support/client';
import { outboxNet, type OutboxNet } from './support/outbox-net';

let server: AuthServer;
let shopIds: string[] = [];
let productId = '';
let client: TestClient | null = null;
let net: OutboxNet;

beforeAll(async () => {
  server = await startAuthServer({ products: 20 });
  const rows = await server.db.kysely.selectFrom('shops').select('id').where('status', '=', 'active').orderBy('id').execute();
  shopIds = rows.map((r) => String(r.id));
  const product = await server.db.kysely
    .selectFrom('products')
    .select('id')
    .where('stock_quantity', '>', 5)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  productId = String(product.id);
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await client?.service.close();
  client = null;
});

async function start(): Promise<TestClient> {
  net = outboxNet();
  client = await startClient({ apiBase: server.url, fetch: net.fetch });
  await client.service.awaitInitialSync();
  return client;
}

async function serverFollows(userId: number): Promise<string[]> {
  const rows = await server.db.kysely.selectFrom('follows').select('shop_id').where('user_id', '=', userId).where('deleted', '=', 0).execute();
  return rows.map((r) => String(r.shop_id));
}

async function localFollows(c: TestClient): Promise<number> {
  return (await c.service.database()).follows.count().exec();
}

/** The involuntary sign-out as the UI runs it: the wipe (keepOutbox) reaches the worker, then setSession(null). */
async function involuntarySignOut(c: TestClient): Promise<void> {
  await c.service.clearPersonalData({ keepOutbox: true });
  await c.service.setSession(null);
}

describe('an involuntary sign-out keeps the queued writes for the same account', () => {
  it('wipes the personal data but not the pending entries; the same user signing in again sends them', async () => {
    const user = await registerUser(server.url);
    const c = await start();
    await c.service.setSession(user.token);
    await c.service.awaitPersonalSync();
    net.offline = true;
    await c.service.follow(shopIds[0] ?? '');
    expect(await localFollows(c)).toBe(1);

    await involuntarySignOut(c);
    expect(await localFollows(c)).toBe(0);
    expect((await c.service.query({ kind: 'outbox' })).map((e) => [e.kind, e.state])).toEqual([['follow', 'pending']]);
    await waitFor(async () => (await c.service.syncStatus()).outbox.held === 1, 5000, 'held counted');
    expect((await c.service.syncStatus()).outbox.pending).toBe(1);

    // Back online but signed out: nothing goes.
    net.offline = false;
    await c.service.resync();
    await sleep(200);
    await c.service.outboxIdle();
    expect(await serverFollows(user.user.id)).toEqual([]);

    // The same user signs in again (a new token): the follow is sent.
    const again = await login(server.url, user.email, user.password);
    await c.service.setSession(again.token);
    await waitFor(async () => (await serverFollows(user.user.id)).length === 1, 5000, 'follow sent');
    expect(await serverFollows(user.user.id)).toEqual([shopIds[0]]);
    await waitFor(async () => (await c.service.syncStatus()).outbox.held === undefined, 5000, 'nothing held');
    await waitFor(async () => (await localFollows(c)) === 1, 5000, 'follow pulled again');
  });

  it("another user's sign-in discards the held writes but keeps what the guest queued since", async () => {
    const a = await registerUser(server.url);
    const b = await registerUser(server.url);
    const c = await start();
    await c.service.setSession(a.token);
    await c.service.awaitPersonalSync();
    net.offline = true;
    await c.service.follow(shopIds[1] ?? '');
    await involuntarySignOut(c);
    // A guest now, still offline: a guest cart add.
    const added = await c.service.addToCart({ productId, quantity: 1 });
    expect(added.ok).toBe(true);
    expect((await c.service.syncStatus()).outbox.held).toBe(1);

    await c.service.setSession(b.token);
    const left = await c.service.query({ kind: 'outbox' });
    expect(left.map((e) => [e.kind, e.auth])).toEqual([
      ['cart_add', 'guest'],
      ['cart_merge', 'user'],
    ]);
    net.offline = false;
    await c.service.resync();
    await waitFor(async () => (await c.service.query({ kind: 'outbox' })).every((e) => e.state === 'done'), 10_000, 'sent');
    expect(await serverFollows(a.user.id)).toEqual([]);
    expect(await serverFollows(b.user.id)).toEqual([]);
    const cart = await server.db.kysely
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select(['cart_items.quantity'])
      .where('carts.user_id', '=', b.user.id)
      .execute();
    expect(cart.map((r) => Number(r.quantity))).toEqual([1]);
  });

  it('an explicit logout (no keepOutbox) still discards them', async () => {
    const user = await registerUser(server.url);
    const c = await start();
    await c.service.setSession(user.token);
    net.offline = true;
    await c.service.follow(shopIds[2] ?? '');
    await c.service.clearPersonalData();
    await c.service.setSession(null);
    expect(await c.service.query({ kind: 'outbox' })).toEqual([]);
    expect((await c.service.syncStatus()).outbox.held).toBeUndefined();
  });

  it('with nothing queued the involuntary wipe leaves nobody as the owner (another user wipes nothing of a guest)', async () => {
    const user = await registerUser(server.url);
    const c = await start();
    await c.service.setSession(user.token);
    await involuntarySignOut(c);
    const db = await c.service.database();
    expect((await db.getLocal('personal-owner'))?.toJSON().data).toEqual({ owner: null, heldUntil: null });
  });
});

describe('retrying a failed guest cart entry', () => {
  it('goes as a user entry once signed in (a guest entry would land in a guest cart nothing merges)', async () => {
    const user = await registerUser(server.url);
    // No replication: the entries stay where the test puts them.
    client = await startClient({ apiBase: server.url, sync: false });
    const c = client;
    const db = await c.service.database();
    await insertCatalog(db, { products: makeProducts(2, 5).map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, stock_quantity: 5 })) })) });
    const product = (await db.products.findOne().exec())?.id ?? '';
    const added = await c.service.addToCart({ productId: product, quantity: 1 });
    const id = added.ok ? added.entryId : '';
    await (await db.outbox.findOne(id).exec())?.incrementalPatch({ state: 'failed', failure: { status: 422, code: 'X', message: 'x' } });
    await c.service.setSession(user.token);
    const { entryId } = await c.service.retryOutboxEntry(id);
    expect((await db.outbox.findOne(entryId).exec())?.auth).toBe('user');
  });
});
