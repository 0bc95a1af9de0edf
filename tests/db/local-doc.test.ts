/**
 * localDoc$ (src/db/local-doc.ts): a database-level local document now, then after each write to it,
 * and nothing for writes elsewhere (other local documents, collections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import { localDoc$ } from '../../src/db/local-doc';
import { toStoredProduct } from '../../src/db/query-fields';
import { makeProducts } from './support/catalog-fixtures';
import { record } from './support/emissions';
import { openTestDatabase } from './support/test-db';

const dataOf = (doc: { toJSON(): { data: unknown } } | null) => (doc === null ? null : (doc.toJSON().data as { n: number }));

describe('localDoc$', () => {
  let db: SoukDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.remove();
  });

  it('emits null for a missing document, then each write in order, then null once removed', async () => {
    const seen = record(localDoc$<{ n: number }>(db, 'watched'));
    await seen.until((d) => d === null, 2000, 'the initial null');
    await db.upsertLocal('watched', { n: 1 });
    await db.upsertLocal('watched', { n: 2 });
    await seen.until((d) => dataOf(d)?.n === 2, 2000, 'the second write');
    expect(seen.values.map(dataOf)).toEqual([null, { n: 1 }, { n: 2 }]);
    const doc = await db.getLocal('watched');
    await doc?.remove();
    await seen.until((d) => d === null && seen.values.length === 4, 2000, 'null after the removal');
    seen.stop();
  });

  it('emits the current document at once, and nothing for other local documents or collection writes', async () => {
    await db.upsertLocal('quiet', { n: 7 });
    const seen = record(localDoc$<{ n: number }>(db, 'quiet'));
    await seen.until((d) => dataOf(d)?.n === 7, 2000, 'the current document');
    await db.upsertLocal('other', { n: 1 });
    await db.products.bulkInsert(makeProducts(300, 3).map(toStoredProduct));
    await db.upsertLocal('quiet', { n: 8 });
    await seen.until((d) => dataOf(d)?.n === 8, 2000, 'the write to this document');
    expect(seen.values.map(dataOf)).toEqual([{ n: 7 }, { n: 8 }]);
    seen.stop();
  });
});
