/**
 * preparedQuery (src/server/db/prepared-query.ts): a Kysely builder compiled once per database handle, then run
 * with new values. It must give what the same builder gives when built afresh, on SQLite and on PostgreSQL, inside
 * and outside a transaction, and refuse a builder whose SQL would depend on its values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { preparedQuery } from '../../src/server/db/prepared-query';
import type { Tx } from '../../src/server/db/write-transaction';
import { openTestDatabase, type OpenTestDatabase } from '../helpers/test-database';

let first: OpenTestDatabase;
let second: OpenTestDatabase;

beforeAll(async () => {
  first = await openTestDatabase();
  second = await openTestDatabase();
  await migrateToLatest(first.db);
  await migrateToLatest(second.db);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

function insertKey(tx: Tx, principal: string, key: string, status: number, createdAt: number) {
  return tx
    .insertInto('idempotency_keys')
    .values({ principal, key, method: 'POST', path: '/api/x', status, content_type: '', body: '', created_at: createdAt, body_hash: null });
}

function keysOf(tx: Tx, principal: string, minStatus: number) {
  return tx
    .selectFrom('idempotency_keys')
    .select(['key', 'status', 'method'])
    .where('principal', '=', principal)
    .where('status', '>=', minStatus)
    // A constant in the builder stays a constant.
    .where('path', '=', '/api/x')
    .orderBy('key');
}

describe('preparedQuery', () => {
  it('gives what the builder gives when built afresh, run after run with other values, and builds once per handle', async () => {
    let builds = 0;
    const insert = preparedQuery((tx: Tx, p: { principal: string; key: string; status: number; createdAt: number }) => {
      builds++;
      return insertKey(tx, p.principal, p.key, p.status, p.createdAt);
    });
    const keys = preparedQuery((tx: Tx, p: { principal: string; minStatus: number }) => {
      builds++;
      return keysOf(tx, p.principal, p.minStatus);
    });

    for (const [i, status] of [0, 201, 422, 201].entries()) {
      const result = await insert(first.db.kysely, { principal: 'user:1', key: `k${i}`, status, createdAt: 1_000 + i });
      expect(Number(result.numAffectedRows)).toBe(1);
    }
    await insert(first.db.kysely, { principal: 'user:2', key: 'other', status: 201, createdAt: 5 });
    for (const [principal, minStatus] of [['user:1', 0], ['user:1', 201], ['user:1', 300], ['user:2', 0], ['user:3', 0]] as const) {
      const prepared = (await keys(first.db.kysely, { principal, minStatus })).rows;
      expect(prepared).toEqual(await keysOf(first.db.kysely, principal, minStatus).execute());
    }
    expect((await keys(first.db.kysely, { principal: 'user:1', minStatus: 201 })).rows.map((r) => r.key)).toEqual(['k1', 'k2', 'k3']);
    expect(builds).toBe(2);

    // Another handle compiles again (its own adapter); the first one's template is not reused for it.
    await insert(second.db.kysely, { principal: 'user:9', key: 'k', status: 200, createdAt: 1 });
    expect((await keys(second.db.kysely, { principal: 'user:9', minStatus: 0 })).rows).toEqual([{ key: 'k', status: 200, method: 'POST' }]);
    expect(builds).toBe(4);
  });

  it('runs inside a transaction, on its connection, and sees its writes before COMMIT', async () => {
    const keys = preparedQuery((tx: Tx, p: { principal: string; minStatus: number }) => keysOf(tx, p.principal, p.minStatus));
    const update = preparedQuery((tx: Tx, { status, principal }: { status: number; principal: string }) =>
      tx.updateTable('idempotency_keys').set({ status }).where('principal', '=', principal).where('status', '=', 0),
    );
    await keys(first.db.kysely, { principal: 'user:4', minStatus: 0 }); // compiled outside, run inside below
    await first.db.kysely.transaction().execute(async (tx) => {
      await insertKey(tx, 'user:4', 'a', 0, 1).execute();
      expect(Number((await update(tx, { status: 204, principal: 'user:4' })).numAffectedRows)).toBe(1);
      expect((await keys(tx, { principal: 'user:4', minStatus: 0 })).rows).toEqual([{ key: 'a', status: 204, method: 'POST' }]);
    });
    expect((await keys(first.db.kysely, { principal: 'user:4', minStatus: 0 })).rows).toEqual([{ key: 'a', status: 204, method: 'POST' }]);
  });

  it('a parameter used twice is bound in both places', async () => {
    const between = preparedQuery((tx: Tx, { principal, at }: { principal: string; at: number }) =>
      tx.selectFrom('idempotency_keys').select('key').where('principal', '=', principal).where('created_at', '>=', at).where('created_at', '<=', at),
    );
    expect((await between(first.db.kysely, { principal: 'user:1', at: 1_002 })).rows).toEqual([{ key: 'k2' }]);
    expect((await between(first.db.kysely, { principal: 'user:1', at: 1_003 })).rows).toEqual([{ key: 'k3' }]);
  });

  it('refuses a builder that reads a value or drops one, and a run without a value, instead of running the wrong SQL', async () => {
    const reads = preparedQuery((tx: Tx, { principal }: { principal: string }) => tx.selectFrom('idempotency_keys').select('key').where('principal', '=', `user:${principal}`));
    await expect(reads(first.db.kysely, { principal: '1' })).rejects.toThrow(/parameter principal was read while building/);
    const drops = preparedQuery((tx: Tx, p: { principal: string; limit: number }) => tx.selectFrom('idempotency_keys').select('key').where('principal', '=', p.principal));
    await expect(drops(first.db.kysely, { principal: 'user:1', limit: 3 })).rejects.toThrow(/parameter limit never reached the SQL/);
    // A parameter left undefined on a later run (typed optional, say) is refused, never bound as something else.
    const byPrincipal = preparedQuery((tx: Tx, p: { principal?: string }) => tx.selectFrom('idempotency_keys').select('key').where('principal', '=', p.principal ?? ''));
    expect((await byPrincipal(first.db.kysely, { principal: 'user:2' })).rows).toEqual([{ key: 'other' }]);
    await expect(byPrincipal(first.db.kysely, {})).rejects.toThrow(/parameter principal is undefined/);
  });
});
