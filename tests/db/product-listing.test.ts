/**
 * The listing index bound to RxDB: built from storage in primary-key chunks,
 * kept current by the collection's change events (its own writes, writes that
 * land while it builds, and another instance's writes over multiInstance), and
 * never answering with documents of another state than the one it ranked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc, ProductQuery } from '../../src/domain/catalog';
import { normalizeProductQuery, runProductQuery } from '../../src/domain/product-query';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { ProductListing, productListing } from '../../src/db/product-listing';
import { findProducts } from '../../src/db/queries/products';
import { makeProducts, prng } from './support/catalog-fixtures';
import { fakeIdbStorage, insertCatalog, openTestDatabase, uniqueDbName } from './support/test-db';

const QUERIES: ProductQuery[] = [
  { perPage: 100 },
  { sort: 'price-low-high', perPage: 100 },
  { category: 'women', sort: 'popular', perPage: 100 },
  { colors: ['red'], sizes: ['M', 'L'], sort: 'rating', perPage: 100 },
  { search: 'kaftan', sort: 'price-high-low', perPage: 100 },
];

function expectIndexMatches(listing: ProductListing, docs: ProductDoc[]) {
  expect(listing.index.size).toBe(docs.length);
  for (const query of QUERIES) {
    const want = runProductQuery(docs, query);
    const got = listing.index.query(normalizeProductQuery(query));
    expect({ ids: got.ids, total: got.total }, JSON.stringify(query)).toEqual({ ids: want.items.map((d) => d.id), total: want.total });
  }
}

describe('ProductListing on RxDB', () => {
  let db: SoukDatabase;
  afterEach(async () => {
    await db?.remove();
  });

  for (const storageQueryOnly of [false, true]) {
    it(`builds from storage in primary-key chunks, without deleted documents (${storageQueryOnly ? "the storage's query" : 'Dexie getAll'})`, async () => {
      const docs = makeProducts(230, 41);
      db = await openTestDatabase();
      await insertCatalog(db, { products: docs });
      const gone = docs.slice(0, 9);
      for (const d of gone) await (await db.products.findOne(d.id).exec())!.remove();
      const listing = new ProductListing(db.products, { chunkSize: 7, storageQueryOnly });
      await listing.whenReady();
      expectIndexMatches(listing, docs.slice(9));
      const status = listing.status();
      expect(status).toMatchObject({ state: 'ready', entries: 221, error: null });
      expect(status.buildMs).not.toBeNull();
      expect(status.approxBytes).toBeGreaterThan(0);
      listing.close();
    });
  }

  it('ends up with the final state when writes land while it builds', async () => {
    const r = prng(5);
    const pool = makeProducts(260, 43);
    const live = new Map(pool.slice(0, 200).map((d) => [d.id, d]));
    db = await openTestDatabase();
    await insertCatalog(db, { products: [...live.values()] });

    const listing = new ProductListing(db.products, { chunkSize: 5 });
    const built = listing.whenReady();
    const writes = (async () => {
      for (let i = 0; i < 40; i++) {
        const ids = [...live.keys()];
        const op = r.next();
        if (op < 0.3) {
          const id = r.pick(ids);
          live.delete(id);
          await (await db.products.findOne(id).exec())!.remove();
        } else if (op < 0.5) {
          const d = pool[200 + i]!;
          live.set(d.id, d);
          await db.products.insert(d);
        } else {
          const d = { ...live.get(r.pick(ids))!, sales_count: r.int(0, 5000), effective_price: r.int(0, 100_000) / 100 };
          live.set(d.id, d);
          await db.products.upsert(d);
        }
      }
    })();
    await Promise.all([built, writes]);
    expectIndexMatches(listing, [...live.values()]);
    listing.close();
  });

  it('the shared instance starts once per collection and is gone with it', async () => {
    db = await openTestDatabase();
    const listing = productListing(db.products);
    expect(productListing(db.products)).toBe(listing);
    await db.products.insert(makeProducts(1, 2)[0]!);
    await listing.whenReady();
    expect(listing.index.size).toBe(1);
    await db.close();
    await expect(listing.whenReady()).rejects.toThrow(/closed/);
    db = await openTestDatabase();
  });
});

describe('two instances of one database (two tabs)', () => {
  let a: SoukDatabase;
  let b: SoukDatabase;
  let docs: ProductDoc[];

  beforeAll(async () => {
    const name = uniqueDbName('listing-tabs');
    // Products only: two whole Souk databases (9 collections each) do not fit one realm's 13 (COL23).
    const open = () =>
      createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, multiInstance: true, ignoreDuplicate: true, only: ['products'] });
    a = await open();
    b = await open();
    docs = makeProducts(150, 47);
    await insertCatalog(a, { products: docs });
  });
  afterAll(async () => {
    await b?.close();
    await a?.remove();
  });

  it("follows the other instance's writes, and never pairs a new document with an old rank", async () => {
    const query: ProductQuery = { sort: 'price-low-high', perPage: 40 };
    // B's first answer waits for its build; A's inserts arrive as events meanwhile.
    await expect.poll(async () => (await findProducts(b.products, query)).total).toBe(docs.length);

    const r = prng(9);
    let current = docs;
    // Every page the reference gives for a state the database has been in so far.
    const seen = new Set([JSON.stringify(runProductQuery(current, query))]);
    for (let round = 0; round < 25; round++) {
      const target = r.pick(current);
      const changed = { ...target, effective_price: r.int(0, 50_000) / 100, sales_count: target.sales_count + 1 };
      current = current.map((d) => (d.id === changed.id ? changed : d));
      seen.add(JSON.stringify(runProductQuery(current, query)));
      await a.products.upsert(changed);
      // At once, before B has necessarily seen the event. B may answer from an
      // earlier state, but always a whole one: never a new document at its old rank.
      const got = JSON.stringify(await findProducts(b.products, query));
      expect(seen.has(got), `round ${round}: a page of no state`).toBe(true);
    }
    await expect.poll(async () => JSON.stringify(await findProducts(b.products, query))).toBe(
      JSON.stringify(runProductQuery(current, query)),
    );
  });
});
