/**
 * writeTransaction on PostgreSQL runs a writer that holds clocks again when PostgreSQL picks it as a deadlock
 * victim (40P01), so a lock cycle with another writer (since orders take their clocks late, one may hold a
 * row such a writer waits for) ends in two commits, not a 500. A writer without clocks is not run again.
 * Skipped with SOUK_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { writeTransaction, type Tx } from '../../src/server/db/write-transaction';
import { gate, lockWaiters } from '../helpers/pg-lock-waits';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('writeTransaction on PostgreSQL, a deadlock victim', () => {
  let test: TestDatabase;
  let db: Database;
  let other: Database;
  const ids: number[] = [];

  beforeAll(async () => {
    test = await createTestDatabase({ dialect: 'postgres' });
    db = openDatabase(test.url);
    other = openDatabase(test.url);
    for (const slug of ['cycle-a', 'cycle-b']) {
      const row = await db.kysely
        .insertInto('categories')
        .values({ gender: 'men', slug, name_en: slug, name_ar: slug, image: '', position: 0, item_count: 0, deleted: 0, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await other?.close();
    await test?.remove();
  });

  const rename = (tx: Tx, id: number, name: string) => tx.updateTable('categories').set({ name_en: name }).where('id', '=', id).execute();

  /**
   * The writer locks a then b; another transaction locks b then a, after the writer already waits for b: the
   * writer's deadlock check comes first, so the writer is the victim.
   */
  async function cycle(tables: readonly 'categories'[]): Promise<{ writer: PromiseSettledResult<void>; calls: number }> {
    const [a, b] = ids as [number, number];
    const writerHoldsA = gate();
    const otherHoldsB = gate();
    let calls = 0;
    const writer = writeTransaction(db, tables, async (tx) => {
      calls++;
      await rename(tx, a, `writer ${calls}`);
      if (calls === 1) {
        writerHoldsA.open();
        await otherHoldsB.promise;
      }
      await rename(tx, b, `writer ${calls}`);
    });
    const crossing = other.kysely.transaction().execute(async (tx) => {
      await writerHoldsA.promise;
      await rename(tx, b, 'other');
      otherHoldsB.open();
      await lockWaiters(db);
      await rename(tx, a, 'other');
    });
    const [settled] = await Promise.allSettled([writer, crossing]);
    return { writer: settled, calls };
  }

  it('holding clocks: rolled back and run again, and both commit', async () => {
    const { writer, calls } = await cycle(['categories']);
    expect(writer.status).toBe('fulfilled');
    expect(calls).toBe(2);
    const rows = await db.kysely.selectFrom('categories').select('name_en').where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => r.name_en)).toEqual(['writer 2', 'writer 2']);
  });

  it('without clocks: the deadlock is the caller’s', async () => {
    const { writer, calls } = await cycle([]);
    expect(writer.status).toBe('rejected');
    expect(writer.status === 'rejected' && (writer.reason as { code?: string }).code).toBe('40P01');
    expect(calls).toBe(1);
  });
});
