/**
 * Against the real server: a client that mirrored the catalogue with an older build is updated.
 * - Issue 21 (products schema 1): the migration gives every stored variant the prices the server sends
 *   (tests/db/products-schema-migration), from the stored product alone.
 * - Issue 22 (products 2, categories 1, shops 1): the migrations build the text maps from the stored English and
 *   Arabic fields; the other languages (fr, es, de, ma) are only on the server, so the catalogue's checkpoints are
 *   dropped and it is pulled again in full (src/sync/catalogue-repull.ts), from the beginning, while the migrated
 *   documents stay shown (nothing gated). After it the local catalogue equals the server's, every language
 *   included; the next start pulls only what changed.
 */
import { createRxDatabase, type RxCollection, type RxJsonSchema, type WithDeleted } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { describe, expect, it } from 'vitest';
import { loadDevMode } from '../../src/db/dev-mode';
import { withKnownKeys } from '../../src/db/known-keys-storage';
import { withPullOnlyMeta } from '../../src/db/pull-only-meta-storage';
import { fromCentimes, toCentimes } from '../../src/domain/money';
import { CATALOGUE_PULL_GENERATION, CATALOGUE_PULL_ID } from '../../src/sync/catalogue-repull';
import type { Checkpoint } from '../../src/sync/protocol';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { createHttpPullTransport } from '../../src/sync/transport/pull-transport';
import { updateProduct, type TestServer } from '../helpers/server';
import { fakeIdbStorage, uniqueDbName } from '../db/support/test-db';
import { categoryAsV0, categorySchemaV0, shopAsV0, shopSchemaV0 } from '../db/support/catalogue-schemas-v0';
import { asV0, asV1, productSchemaV0, productSchemaV1 } from '../db/support/product-schema-v0';
import { closeClientAfterEach, localDocs, plain, serverDocs, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 120 }, (s) => (server = s));
let client: TestClient | null = null;
closeClientAfterEach(
  () => client,
  () => (client = null),
);

type OldCollections = { products: RxCollection<unknown>; categories: RxCollection<unknown>; shops: RxCollection<unknown> };

/**
 * What an older app did: its catalogue replications (same identifiers), storing what its wire schemas kept.
 * `products` is 0 (before issue 21) or 1 (before issue 22); categories and shops are at 0. Resolves with how many
 * products it stored.
 */
async function syncAsOldVersion(dbName: string, products: 0 | 1): Promise<number> {
  const wrap = await loadDevMode();
  const storage = withKnownKeys(withPullOnlyMeta(wrap(fakeIdbStorage())), ['products', 'categories', 'shops']);
  const old = await createRxDatabase<OldCollections>({ name: dbName, storage, multiInstance: false, localDocuments: true });
  await old.addCollections({
    // RxDB wants a strategy per version above 0 even for a new collection; this one never runs.
    products: products === 0 ? { schema: productSchemaV0() as RxJsonSchema<unknown> } : { schema: productSchemaV1() as RxJsonSchema<unknown>, migrationStrategies: { 1: (d: unknown) => d } },
    categories: { schema: categorySchemaV0() as RxJsonSchema<unknown> },
    shops: { schema: shopSchemaV0() as RxJsonSchema<unknown> },
  });
  const transport = createHttpPullTransport({ apiBase: server.url });
  const asStored = {
    products: (d: never) => (products === 0 ? asV0(d) : asV1(d)),
    categories: (d: never) => categoryAsV0(d),
    shops: (d: never) => shopAsV0(d),
  };
  for (const name of ['products', 'categories', 'shops'] as const) {
    const state = replicateRxCollection<unknown, Checkpoint>({
      replicationIdentifier: `souk-v1-${name}-${server.url}`,
      collection: old[name],
      live: false,
      waitForLeadership: false,
      pull: {
        batchSize: 50,
        handler: async (checkpoint, size) => {
          const res = await transport.pull(name, checkpoint, size);
          const documents = res.documents.map((d) => asStored[name](d as never) as unknown as WithDeleted<unknown>);
          return { documents, checkpoint: res.checkpoint ?? undefined };
        },
      },
    });
    const errors: unknown[] = [];
    const sub = state.error$.subscribe((e) => errors.push(e));
    await state.awaitInitialReplication();
    await state.cancel();
    sub.unsubscribe();
    expect(errors, name).toEqual([]);
  }
  const stored = await old.products.count().exec();
  await old.close();
  return stored;
}

/** A fetch that notes, for each catalogue collection, whether its first pull of the session started from the beginning. */
function firstPullRecorder(): { fetch: FetchLike; fromStart: Map<string, boolean> } {
  const fromStart = new Map<string, boolean>();
  const fetchLike: FetchLike = (input, init) => {
    const url = new URL(String(input));
    const pull = /\/api\/sync\/(\w+)\/pull$/.exec(url.pathname);
    if (pull && !fromStart.has(pull[1]!)) fromStart.set(pull[1]!, !url.searchParams.has('updatedAt'));
    return fetch(input, init);
  };
  return { fetch: fetchLike, fromStart };
}

async function expectLocalEqualsServer(c: TestClient): Promise<void> {
  for (const collection of ['products', 'categories', 'shops'] as const) {
    const remote = await serverDocs(server.url, collection);
    const local = await localDocs(c.service, collection);
    expect(local.size, collection).toBe(remote.size);
    for (const [id, doc] of remote) expect(local.get(id), `${collection} ${id}`).toEqual(plain(doc));
  }
}

describe('catalogue schemas of issue 22 on a synced client', () => {
  it('the server holds what the migration cannot know: names in fr, es, de and ma', async () => {
    const products = [...(await serverDocs(server.url, 'products')).values()];
    const categories = [...(await serverDocs(server.url, 'categories')).values()];
    for (const lang of ['fr', 'es', 'de', 'ma'] as const) {
      expect(products.some((p) => p.names[lang] !== undefined && p.names[lang] !== p.names.en), `products ${lang}`).toBe(true);
      expect(categories.every((c) => c.names[lang] !== undefined), `categories ${lang}`).toBe(true);
    }
  });

  it('from products schema 1: migrated, then the whole catalogue pulled again from the beginning; the next start pulls only changes', async () => {
    const dbName = uniqueDbName('catalogue-v1-sync');
    const before = await serverDocs(server.url, 'products');
    expect(await syncAsOldVersion(dbName, 1)).toBe(before.size);

    const recorder = firstPullRecorder();
    client = await startClient({ apiBase: server.url, dbName, fetch: recorder.fetch });
    // Nothing gated: the catalogue counts as synced (the migrated documents are there).
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).collections.products.pulled >= before.size, 20_000, 'the full pull');
    expect(Object.fromEntries(recorder.fromStart)).toMatchObject({ products: true, categories: true, shops: true });
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 10_000, 'live');
    await expectLocalEqualsServer(client);
    const db = await client.service.database();
    expect((await db.getLocal<{ generation: number }>(CATALOGUE_PULL_ID))?.toJSON().data.generation).toBe(CATALOGUE_PULL_GENERATION);
    await client.service.close();

    // While the app is closed one product changes: the next start pulls it alone, from the stored checkpoint.
    const target = [...before.values()].find((d) => !d.has_discount && d.price > 200);
    if (!target) throw new Error('the seed lacks a product without a sale');
    await updateProduct(server, target.id, { discountPrice: fromCentimes(toCentimes(target.price) - 4_000) });
    const again = firstPullRecorder();
    client = await startClient({ apiBase: server.url, dbName, fetch: again.fetch });
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).collections.products.pulled >= 1, 10_000, 'the change');
    expect(again.fromStart.get('products')).toBe(false);
    expect((await client.service.syncStatus()).collections.products.pulled).toBe(1);
    await expectLocalEqualsServer(client);
  });

  it('from products schema 0: both migrations, then the full pull; the local catalogue equals the server, prices and languages', async () => {
    const dbName = uniqueDbName('catalogue-v0-sync');
    const before = await serverDocs(server.url, 'products');
    expect(await syncAsOldVersion(dbName, 0)).toBe(before.size);
    client = await startClient({ apiBase: server.url, dbName });
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).collections.products.pulled >= before.size, 20_000, 'the full pull');
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 10_000, 'live');
    await expectLocalEqualsServer(client);
  });

  it('a first sync on a new device drops no checkpoint and pulls once', async () => {
    const recorder = firstPullRecorder();
    client = await startClient({ apiBase: server.url, fetch: recorder.fetch });
    await client.service.awaitInitialSync();
    const total = (await serverDocs(server.url, 'products')).size;
    expect((await client.service.syncStatus()).collections.products.pulled).toBe(total);
    const db = await client.service.database();
    expect((await db.getLocal<{ generation: number }>(CATALOGUE_PULL_ID))?.toJSON().data.generation).toBe(CATALOGUE_PULL_GENERATION);
    await expectLocalEqualsServer(client);
  });
});
