/**
 * Issue 21 against the real server: a client that mirrored the catalogue at products schema version 0 (its wire
 * schema dropped the variants' price fields) is updated. When it opens, the migration gives every stored variant
 * the prices the server now sends, and the replication goes on from the checkpoint it had: only what changed on
 * the server since is pulled, and the local catalogue then equals the server's, variant prices included.
 */
import { createRxDatabase, type RxCollection } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { describe, expect, it } from 'vitest';
import { loadDevMode } from '../../src/db/dev-mode';
import { withKnownKeys } from '../../src/db/known-keys-storage';
import { withPullOnlyMeta } from '../../src/db/pull-only-meta-storage';
import type { ProductDocV0 } from '../../src/db/schemas/product-migrations';
import { fromCentimes, toCentimes } from '../../src/domain/money';
import type { Checkpoint } from '../../src/sync/protocol';
import { createHttpPullTransport } from '../../src/sync/transport/pull-transport';
import { updateProduct, type TestServer } from '../helpers/server';
import { fakeIdbStorage, uniqueDbName } from '../db/support/test-db';
import { asV0, productSchemaV0 } from '../db/support/product-schema-v0';
import { closeClientAfterEach, localDocs, plain, serverDocs, startClient, type TestClient, useTestServer } from './support/client';

let server: TestServer;
useTestServer({ products: 120 }, (s) => (server = s));
let client: TestClient | null = null;
closeClientAfterEach(
  () => client,
  () => (client = null),
);

/** What the version-0 app did: its products replication (same identifier), storing what its wire schema kept. */
async function syncAsVersion0(dbName: string): Promise<number> {
  const wrap = await loadDevMode();
  const storage = withKnownKeys(withPullOnlyMeta(wrap(fakeIdbStorage())), ['products']);
  const old = await createRxDatabase<{ products: RxCollection<ProductDocV0> }>({ name: dbName, storage, multiInstance: false, localDocuments: true });
  await old.addCollections({ products: { schema: productSchemaV0() } });
  const transport = createHttpPullTransport({ apiBase: server.url });
  const state = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier: `souk-v1-products-${server.url}`,
    collection: old.products as RxCollection<unknown>,
    live: false,
    waitForLeadership: false,
    pull: {
      batchSize: 50,
      handler: async (checkpoint, size) => {
        const res = await transport.pull('products', checkpoint, size);
        return { documents: res.documents.map(asV0), checkpoint: res.checkpoint ?? undefined };
      },
    },
  });
  const errors: unknown[] = [];
  const sub = state.error$.subscribe((e) => errors.push(e));
  await state.awaitInitialReplication();
  await state.cancel();
  sub.unsubscribe();
  expect(errors).toEqual([]);
  const stored = await old.products.count().exec();
  await old.close();
  return stored;
}

describe('products schema 0 → 1 on a synced client', () => {
  it('migrates the stored variants to the prices the server sends, keeps the checkpoint, pulls only what changed', async () => {
    const dbName = uniqueDbName('products-v0-sync');
    const before = await serverDocs(server.url, 'products');
    expect(await syncAsVersion0(dbName)).toBe(before.size);

    // While the old version is closed, one product goes on sale on the server.
    const target = [...before.values()].find((d) => !d.has_discount && d.variants.length > 1 && d.price > 200);
    if (!target) throw new Error('the seed lacks a product without a sale');
    await updateProduct(server, target.id, { discountPrice: fromCentimes(toCentimes(target.price) - 4_000) });

    client = await startClient({ apiBase: server.url, dbName });
    await client.service.awaitInitialSync();
    const status = await client.service.syncStatus();
    // The checkpoint survived the migration: this session pulled the changed product only.
    expect(status.collections.products.pulled).toBe(1);

    const remote = await serverDocs(server.url, 'products');
    const local = await localDocs(client.service, 'products');
    expect(local.size).toBe(remote.size);
    for (const [id, doc] of remote) expect(local.get(id), `product ${id}`).toEqual(plain(doc));
    // Products on sale that were not pulled again got their variant prices from the migration.
    const migratedOnSale = [...remote.values()].filter((d) => d.has_discount && d.id !== target.id);
    expect(migratedOnSale.length).toBeGreaterThan(0);
    for (const d of migratedOnSale) expect(d.variants.every((v) => v.has_discount && v.effective_price < v.price)).toBe(true);
  });
});
