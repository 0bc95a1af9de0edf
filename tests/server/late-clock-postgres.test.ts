/**
 * lateClockTransaction on PostgreSQL (src/server/db/write-transaction.ts): the clocks are taken late, so
 * writers run side by side until their updated_at stamps; a late attempt caught in a lock cycle with a writer
 * that took its clocks up front yields (lock_timeout), rolls back and runs again; and after its late attempts
 * it takes the clocks up front and waits as long as it takes. Skipped with SOUK_SKIP_PG=1.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { lateClockTransaction, replicationClock, writeTransaction, type Tx } from '../../src/server/db/write-transaction';
import { gate, lockWaiters } from '../helpers/pg-lock-waits';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const skip = process.env.SOUK_SKIP_PG === '1';

describe.skipIf(skip)('lateClockTransaction on PostgreSQL', () => {
  let test: TestDatabase;
  let db: Database;
  /** A second handle: another API instance on the same database. */
  let other: Database;

  beforeAll(async () => {
    test = await createTestDatabase({ dialect: 'postgres' });
    db = openDatabase(test.url);
    other = openDatabase(test.url);
    for (const [slug, updated] of [
      ['late-a', 1],
      ['late-b', 2],
    ] as const) {
      await db.kysely
        .insertInto('categories')
        .values({ gender: 'women', slug, name_en: slug, name_ar: slug, image: '', position: 0, item_count: 0, deleted: 0, updated_at: updated })
        .execute();
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await other?.close();
    await test?.remove();
  });

  async function idOf(slug: string): Promise<number> {
    const row = await db.kysely.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Stamps one category: its name and a new updated_at from the clock. */
  async function stamp(tx: Tx, id: number, name: string): Promise<number> {
    const updatedAt = (await replicationClock(tx, 'categories')).next();
    await tx.updateTable('categories').set({ name_en: name, updated_at: updatedAt }).where('id', '=', id).execute();
    return updatedAt;
  }

  it('runs side by side with another writer of the same clock until it takes its clocks', async () => {
    const [a, b] = [await idOf('late-a'), await idOf('late-b')];
    const locked = gate();
    const held = gate();
    const events: string[] = [];
    const slow = lateClockTransaction(db, ['categories'], async (tx, clocks) => {
      await tx.selectFrom('categories').select('id').where('id', '=', a).forUpdate().execute();
      events.push('slow: row locked');
      locked.open();
      await held.promise;
      await clocks.take();
      return stamp(tx, a, 'slow');
    });
    await locked.promise;
    // The other writer of the categories clock, on another instance, commits while the first one works.
    const quick = await lateClockTransaction(other, ['categories'], async (tx, clocks) => {
      await clocks.take();
      return stamp(tx, b, 'quick');
    });
    events.push('quick: committed');
    held.open();
    const slowStamp = await slow;
    expect(events).toEqual(['slow: row locked', 'quick: committed']);
    // Stamped in commit order: the late one's clock read comes after the quick one's COMMIT.
    expect(slowStamp).toBeGreaterThan(quick);
  });

  it('yields to a writer that took its clocks up front, then runs again and commits', async () => {
    const a = await idOf('late-a');
    const rowHeld = gate();
    let attempts = 0;
    const late = lateClockTransaction(db, ['categories'], async (tx, clocks) => {
      attempts++;
      await tx.selectFrom('categories').select('id').where('id', '=', a).forUpdate().execute();
      if (attempts === 1) {
        rowHeld.open();
        // The up-front writer now holds the clock and waits for this row: a cycle once this one takes the clock.
        await lockWaiters(db);
      }
      await clocks.take();
      return stamp(tx, a, `late ${attempts}`);
    });
    await rowHeld.promise;
    const upFront = writeTransaction(other, ['categories'], (tx) => stamp(tx, a, 'up front'));
    const [lateStamp, upFrontStamp] = await Promise.all([late, upFront]);
    expect(attempts).toBe(2);
    expect(lateStamp).toBeGreaterThan(upFrontStamp);
    const row = await db.kysely.selectFrom('categories').select(['name_en', 'updated_at']).where('id', '=', a).executeTakeFirstOrThrow();
    expect(row).toEqual({ name_en: 'late 2', updated_at: lateStamp });
  });

  it('takes its clocks up front after its late attempts, and waits as long as it takes', async () => {
    const b = await idOf('late-b');
    const holding = gate();
    const release = gate();
    // Another instance holds the categories clock for longer than the late attempts wait.
    const holder = writeTransaction(other, ['categories'], async () => {
      holding.open();
      await release.promise;
    });
    await holding.promise;
    let calls = 0;
    let retries = 0;
    const late = lateClockTransaction(
      db,
      ['categories'],
      async (tx, clocks) => {
        calls++;
        await clocks.take();
        return stamp(tx, b, `call ${calls}`);
      },
      { attempts: 2, lockTimeoutMs: 50, onRetry: () => retries++ },
    );
    // Two late attempts gave up; the last one waits for the clock before it calls fn.
    while (retries < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await lockWaiters(db);
    expect(calls).toBe(2);
    release.open();
    await holder;
    const stamped = await late;
    expect(calls).toBe(3);
    const row = await db.kysely.selectFrom('categories').select(['name_en', 'updated_at']).where('id', '=', b).executeTakeFirstOrThrow();
    expect(row).toEqual({ name_en: 'call 3', updated_at: stamped });
  });

  it('rethrows other failures at once, without running fn again', async () => {
    let calls = 0;
    await expect(
      lateClockTransaction(db, ['categories'], async (tx) => {
        calls++;
        await sql`select 1 / 0`.execute(tx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(calls).toBe(1);
  });
});
