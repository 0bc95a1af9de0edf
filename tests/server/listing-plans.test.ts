/**
 * How SQLite answers listings (EXPLAIN QUERY PLAN, no timings): counting the
 * matches and choosing a page's ids read only listing indexes
 * (0002_listing_indexes); product rows are read for the page alone, by id.
 * Search is the exception: names are only in the table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductQuery } from '../../src/domain/catalog';
import { normalizeProductQuery } from '../../src/domain/product-query';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { listProducts } from '../../src/server/repositories/product-listing';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { testsOnPostgres } from '../helpers/test-database';
import { HAND_PICKED, randomQueries } from './support/listing-cases';

let dir: string;
let db: Database;
/** The queries a listing runs (transformQuery also sees subqueries as they are built: keep those that return). */
const seen = new Map<unknown, RootOperationNode>();
const captured: RootOperationNode[] = [];
const capture: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => {
    seen.set(queryId, node);
    return node;
  },
  transformResult: async ({ result, queryId }) => {
    const node = seen.get(queryId);
    seen.delete(queryId);
    if (node) captured.push(node);
    return result;
  },
};

beforeAll(async () => {
  if (testsOnPostgres) return;
  dir = mkdtempSync(join(tmpdir(), 'souk-plans-'));
  db = openDatabase(join(dir, 'souk.sqlite'));
  await migrateToLatest(db);
  await seedDemo(db, { products: 200 });
});
afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The plan lines about the products table of every query a listing runs. */
async function productPlanLines(q: ProductQuery): Promise<string[]> {
  captured.length = 0;
  await listProducts({ ...db, kysely: db.kysely.withPlugin(capture) }, normalizeProductQuery({ perPage: 3, ...q }));
  const lines: string[] = [];
  for (const node of [...captured]) {
    const compiled = db.kysely.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
    const plan = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    lines.push(...plan.rows.map((r) => r.detail).filter((d) => /\bproducts\b/.test(d)));
  }
  return lines;
}

const BENCH: ProductQuery = {
  category: 'women',
  colors: ['red', 'blue'],
  sizes: ['M', 'L'],
  minPrice: 200,
  maxPrice: 1500,
  sort: 'price-low-high',
  perPage: 24,
};

// SQLite's EXPLAIN QUERY PLAN and SQLite's listing indexes by nature: nothing of it applies to the PostgreSQL
// run (SOUK_TEST_DB=postgres).
describe.skipIf(testsOnPostgres)('listing query plans (SQLite)', () => {
  it('the benchmark query counts on a price range of (gender, deleted, effective_cents) and pages in its order', async () => {
    const lines = await productPlanLines(BENCH);
    expect(lines).toEqual([
      expect.stringMatching(/^SEARCH products USING COVERING INDEX products_list_gender_price \(gender=\? AND deleted=\? AND effective_cents>\? AND effective_cents<\?\)$/),
      expect.stringMatching(/^SEARCH products USING COVERING INDEX products_list_gender_price \(gender=\? AND deleted=\? AND effective_cents>\? AND effective_cents<\?\)$/),
      'SEARCH products USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it('a subcategory page is read in sort order from its (category_id, deleted, sort key) index', async () => {
    const lines = await productPlanLines({ category: 'women-kaftan', sort: 'popular' });
    expect(lines).toContain('SEARCH products USING COVERING INDEX products_list_category_sales (category_id=? AND deleted=?)');
  });

  it('an unfiltered listing counts live products as all rows (b-tree count) minus the deleted-products index', async () => {
    const lines = await productPlanLines({ sort: 'rating' });
    expect(lines).toContain('SCAN products USING COVERING INDEX products_deleted');
    expect(lines).toContain('SEARCH products USING INTEGER PRIMARY KEY (rowid=?)');
  });

  it('every listing without a search reads product rows only for its page, by id', async () => {
    const queries = [...HAND_PICKED, ...randomQueries(120, 99)].filter((q) => (q.search ?? '').trim() === '');
    expect(queries.length).toBeGreaterThan(80);
    for (const q of queries) {
      for (const line of await productPlanLines(q)) {
        expect(line, JSON.stringify(q)).toMatch(/ USING (COVERING INDEX \w+|INTEGER PRIMARY KEY \(rowid=\?\))/);
      }
    }
  });
});
