/**
 * The listing index restored from its snapshot answers exactly what a full
 * build answers (ids, totals and stamps), after adds, updates and deletes
 * written since the snapshot, and a snapshot that is corrupt, of another
 * format or not provably current (tombstones purged) is dropped for a build.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDoc, ProductQuery } from '../../src/domain/catalog';
import { normalizeProductQuery, runProductQuery } from '../../src/domain/product-query';
import type { SoukDatabase } from '../../src/db/database';
import { ListingSnapshotStore } from '../../src/db/listing-snapshot';
import { ProductListing } from '../../src/db/product-listing';
import { makeProducts, prng } from './support/catalog-fixtures';
import { insertCatalog, openTestDatabase } from './support/test-db';
import { toProductDoc } from '../../src/db/queries/plain-docs';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';

const QUERIES: ProductQuery[] = [
  { perPage: 100 },
  { sort: 'popular', perPage: 30, page: 2 },
  { sort: 'price-low-high', perPage: 100 },
  { sort: 'price-high-low', onSale: true, perPage: 50 },
  { sort: 'rating', colors: ['red', 'blue'], sizes: ['M'], perPage: 100 },
  { sort: 'newest', category: 'women', inStock: true, perPage: 100 },
  { search: 'kaftan', sort: 'popular', perPage: 100 },
  { minPrice: 100, maxPrice: 900, handmade: true, perPage: 100 },
];

async function storedDocs(db: SoukDatabase): Promise<ProductDoc[]> {
  return (await db.products.find().exec()).map(toProductDoc);
}

/** Same answers as the reference and as a listing built from storage, stamps included. */
async function expectSameAsBuild(db: SoukDatabase, listing: ProductListing) {
  const built = new ProductListing(db.products, { snapshots: false });
  await built.whenReady();
  const docs = await storedDocs(db);
  expect(listing.index.size).toBe(docs.length);
  for (const query of QUERIES) {
    const q = normalizeProductQuery(query);
    const got = listing.index.query(q);
    const want = runProductQuery(docs, query);
    expect({ ids: got.ids, total: got.total }, JSON.stringify(query)).toEqual({ ids: want.items.map((d) => d.id), total: want.total });
    expect(got, JSON.stringify(query)).toEqual(built.index.query(q));
  }
  for (const d of docs) expect(listing.index.stampOf(d.id)).toBe(built.index.stampOf(d.id));
  expect(listing.index.related(docs[0]!.id, 12)).toEqual(built.index.related(docs[0]!.id, 12));
  built.close();
}

/** A listing built and saved, then closed (as a worker that stops). */
async function savedListing(db: SoukDatabase): Promise<void> {
  const first = new ProductListing(db.products);
  await first.whenReady();
  expect(first.status().readyBy).toBe('build');
  // A sort order in use is kept in the snapshot and brought up to date after the restore.
  first.index.query(normalizeProductQuery({ sort: 'popular' }));
  await first.saveSnapshot();
  first.close();
}

function snapshotStore(db: SoukDatabase) {
  return new ListingSnapshotStore(db.name, { indexedDB, IDBKeyRange });
}

describe('listing index snapshot', () => {
  let db: SoukDatabase;
  afterEach(async () => {
    await db?.remove();
  });

  it('restores, then applies the adds, updates and deletes written since, as a full build would', async () => {
    const pool = makeProducts(400, 61);
    db = await openTestDatabase();
    await insertCatalog(db, { products: pool.slice(0, 300) });
    await (await db.products.findOne(pool[5]!.id).exec())!.remove();
    await savedListing(db);

    const r = prng(17);
    await db.products.bulkInsert(pool.slice(300, 360));
    for (let i = 0; i < 40; i++) {
      const doc = await db.products.findOne(pool[r.int(10, 359)]!.id).exec();
      if (doc) await doc.incrementalPatch({ effective_price: r.int(0, 100_000) / 100, sales_count: r.int(0, 9000), rating: r.int(0, 50) / 10 });
    }
    for (const d of pool.slice(100, 130)) await (await db.products.findOne(d.id).exec())?.remove();
    // Deleted then written again: back in the index with its newer revision.
    await db.products.upsert({ ...pool[110]!, name: 'Kaftan reborn' });

    const listing = new ProductListing(db.products);
    await listing.whenReady();
    expect(listing.status()).toMatchObject({ state: 'ready', readyBy: 'snapshot' });
    expect(listing.status().snapshotNote).toMatch(/^restored: loaded in \d+ ms, then \d+ documents written since$/);
    await expectSameAsBuild(db, listing);

    // Still current afterwards through events, and its own snapshot follows.
    await db.products.bulkInsert(pool.slice(360, 380));
    await (await db.products.findOne(pool[200]!.id).exec())!.remove();
    await expectSameAsBuild(db, listing);
    await listing.saveSnapshot();
    listing.close();
    const again = new ProductListing(db.products);
    await again.whenReady();
    expect(again.status().readyBy).toBe('snapshot');
    await expectSameAsBuild(db, again);
    again.close();
  });

  it('holds the writes that land while it restores', async () => {
    const pool = makeProducts(260, 67);
    db = await openTestDatabase();
    await insertCatalog(db, { products: pool.slice(0, 200) });
    await savedListing(db);
    const listing = new ProductListing(db.products);
    const ready = listing.whenReady();
    const writes = (async () => {
      for (let i = 0; i < 30; i++) {
        if (i % 3 === 0) await (await db.products.findOne(pool[i]!.id).exec())!.remove();
        else if (i % 3 === 1) await db.products.insert(pool[200 + i]!);
        else await db.products.upsert({ ...pool[i]!, effective_price: 1 + i, sales_count: 10_000 + i });
      }
    })();
    await Promise.all([ready, writes]);
    expect(listing.status().readyBy).toBe('snapshot');
    await expectSameAsBuild(db, listing);
    listing.close();
  });

  it('saves on its own a while after the last change, with the highest lwt it has seen', async () => {
    db = await openTestDatabase();
    await insertCatalog(db, { products: makeProducts(50, 71) });
    const listing = new ProductListing(db.products, { snapshotDelayMs: 30 });
    await listing.whenReady();
    const store = snapshotStore(db);
    await expect.poll(async () => (await store.load('products'))?.entries, { timeout: 5000 }).toBe(50);
    const extra = makeProducts(60, 73).slice(50);
    await db.products.bulkInsert(extra);
    await expect.poll(async () => (await store.load('products'))?.entries, { timeout: 5000 }).toBe(60);
    const stored = await db.products.storageInstance.findDocumentsById([extra[0]!.id], false);
    expect((await store.load('products'))!.lwt).toBeGreaterThanOrEqual(stored[0]!._meta.lwt);
    store.close();
    listing.close();
  });

  it('builds instead when the snapshot is missing, corrupt or of another format', async () => {
    db = await openTestDatabase();
    await insertCatalog(db, { products: makeProducts(120, 79) });
    const none = new ProductListing(db.products);
    await none.whenReady();
    expect(none.status()).toMatchObject({ readyBy: 'build', snapshotNote: 'none' });
    await none.saveSnapshot();
    none.close();

    const store = snapshotStore(db);
    const good = (await store.load('products'))!;
    await store.save({ ...good, format: good.format + 1 });
    const other = new ProductListing(db.products);
    await other.whenReady();
    expect(other.status()).toMatchObject({ readyBy: 'build', snapshotNote: 'format' });
    other.close();

    await store.save({ ...good, index: { ...good.index, idLengths: good.index.idLengths.slice(1) } });
    const corrupt = new ProductListing(db.products);
    await corrupt.whenReady();
    expect(corrupt.status().readyBy).toBe('build');
    expect(corrupt.status().snapshotNote).toMatch(/^unusable: ListingIndex snapshot/);
    await expectSameAsBuild(db, corrupt);
    corrupt.close();
    store.close();
  });

  it('builds instead when tombstones newer than the snapshot were purged (the count disagrees)', async () => {
    const docs = makeProducts(150, 83);
    db = await openTestDatabase();
    await insertCatalog(db, { products: docs });
    await savedListing(db);
    for (const d of docs.slice(0, 4)) await (await db.products.findOne(d.id).exec())!.remove();
    await db.products.storageInstance.cleanup(0);
    await db.products.insert(makeProducts(151, 89)[150]!);

    const listing = new ProductListing(db.products);
    await listing.whenReady();
    expect(listing.status()).toMatchObject({ readyBy: 'build', snapshotNote: 'count: 151 entries, 147 stored' });
    await expectSameAsBuild(db, listing);
    listing.close();
  });
});
