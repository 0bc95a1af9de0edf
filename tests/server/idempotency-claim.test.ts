/**
 * Claiming an idempotency key (src/server/repositories/idempotency-keys.ts), on SQLite and PostgreSQL: a free key
 * is taken, a held or answered one is not, and a claim abandoned for over a minute or an answer older than 24 h
 * that the sweep has not reached yet gives the key back to the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { claimKey, completeKey, findAnswer, IDEMPOTENCY_STALE_CLAIM_MS, IDEMPOTENCY_TTL_MS } from '../../src/server/repositories/idempotency-keys';
import { openTestDatabase, type OpenTestDatabase } from '../helpers/test-database';

let test: OpenTestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
  await migrateToLatest(test.db);
});
afterAll(async () => test?.close());

const T0 = 1_800_000_000_000;
const claim = (key: string, now: number, hash = 'h1') => claimKey(test.db, 'user:1', key, 'POST', '/api/orders', hash, now);

describe('claimKey', () => {
  it('takes a free key once; a second claim while it is held or answered is refused', async () => {
    expect(await claim('a', T0)).toBe(true);
    expect(await claim('a', T0 + 1)).toBe(false);
    await completeKey(test.db, 'user:1', 'a', 201, 'application/json', '{"ok":true}');
    expect(await claim('a', T0 + IDEMPOTENCY_STALE_CLAIM_MS + 1)).toBe(false);
    expect(await findAnswer(test.db, 'user:1', 'a')).toMatchObject({ status: 201, body: '{"ok":true}', createdAt: T0 });
    // Another principal's key of the same name is another key.
    expect(await claimKey(test.db, 'user:2', 'a', 'POST', '/api/orders', 'h1', T0 + 2)).toBe(true);
  });

  it("a claim left without an answer for over a minute is taken over, with the new request's body hash", async () => {
    expect(await claim('b', T0)).toBe(true);
    expect(await claim('b', T0 + IDEMPOTENCY_STALE_CLAIM_MS)).toBe(false);
    expect(await claim('b', T0 + IDEMPOTENCY_STALE_CLAIM_MS + 1, 'h2')).toBe(true);
    expect(await findAnswer(test.db, 'user:1', 'b')).toMatchObject({ status: 0, createdAt: T0 + IDEMPOTENCY_STALE_CLAIM_MS + 1, bodyHash: 'h2' });
  });

  it('an answer older than 24 h that was not swept yet gives the key back; one younger does not', async () => {
    expect(await claim('c', T0)).toBe(true);
    await completeKey(test.db, 'user:1', 'c', 422, 'application/json', '{"code":"X"}');
    expect(await claim('c', T0 + IDEMPOTENCY_TTL_MS)).toBe(false);
    expect(await claim('c', T0 + IDEMPOTENCY_TTL_MS + 1)).toBe(true);
    expect(await findAnswer(test.db, 'user:1', 'c')).toMatchObject({ status: 0, body: '', createdAt: T0 + IDEMPOTENCY_TTL_MS + 1 });
  });
});
