/**
 * Stored answers of idempotent writes (plugins/idempotency.ts). A key is
 * claimed by inserting a row with status 0 before the handler runs (the
 * primary key makes one request win a race), completed with the answer after,
 * or released when the answer is a 5xx (not stored: the client may retry).
 */
import type { Database } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../db/write-transaction';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this without an answer was abandoned (the process died mid-request): it may be taken over. */
export const IDEMPOTENCY_STALE_CLAIM_MS = 60 * 1000;

export interface StoredAnswer {
  method: string;
  path: string;
  /** 0 while the first request is still running. */
  status: number;
  contentType: string;
  body: string;
  createdAt: number;
  /** SHA-256 of the claiming request's canonical body; null when it was not hashed (multipart, rows before 0008). */
  bodyHash: string | null;
}

export async function findAnswer(db: Database, principal: string, key: string): Promise<StoredAnswer | null> {
  const row = await db.kysely
    .selectFrom('idempotency_keys')
    .select(['method', 'path', 'status', 'content_type', 'body', 'created_at', 'body_hash'])
    .where('principal', '=', principal)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return { method: row.method, path: row.path, status: Number(row.status), contentType: row.content_type, body: row.body, createdAt: Number(row.created_at), bodyHash: row.body_hash ?? null };
}

// The statements every idempotent write runs, built once (db/prepared-query.ts).
const insertClaim = preparedQuery(
  (tx: Tx, p: { principal: string; key: string; method: string; path: string; bodyHash: string | null; now: number }) =>
    tx
      .insertInto('idempotency_keys')
      .values({ principal: p.principal, key: p.key, method: p.method, path: p.path, status: 0, content_type: '', body: '', created_at: p.now, body_hash: p.bodyHash })
      .onConflict((oc) => oc.columns(['principal', 'key']).doNothing()),
);
const deleteLapsed = preparedQuery((tx: Tx, { principal, key, expiredBefore, abandonedBefore }: { principal: string; key: string; expiredBefore: number; abandonedBefore: number }) =>
  tx
    .deleteFrom('idempotency_keys')
    .where('principal', '=', principal)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('created_at', '<', expiredBefore), eb.and([eb('status', '=', 0), eb('created_at', '<', abandonedBefore)])])),
);
const storeAnswer = preparedQuery((tx: Tx, { principal, key, status, contentType, body }: { principal: string; key: string; status: number; contentType: string; body: string }) =>
  tx.updateTable('idempotency_keys').set({ status, content_type: contentType, body }).where('principal', '=', principal).where('key', '=', key).where('status', '=', 0),
);

/** Takes the key for this request; false when another request holds or answered it. */
export async function claimKey(
  db: Database,
  principal: string,
  key: string,
  method: string,
  path: string,
  bodyHash: string | null,
  now: number,
): Promise<boolean> {
  const claim = async () => Number((await insertClaim(db.kysely, { principal, key, method, path, bodyHash, now })).numAffectedRows ?? 0) === 1;
  if (await claim()) return true;
  // Taken: an expired answer or an abandoned claim gives the key back, and it is claimed again.
  const lapsed = await deleteLapsed(db.kysely, { principal, key, expiredBefore: now - IDEMPOTENCY_TTL_MS, abandonedBefore: now - IDEMPOTENCY_STALE_CLAIM_MS });
  return Number(lapsed.numAffectedRows ?? 0) > 0 && (await claim());
}

export async function completeKey(db: Database, principal: string, key: string, status: number, contentType: string, body: string): Promise<void> {
  await storeAnswer(db.kysely, { principal, key, status, contentType, body });
}

export async function releaseKey(db: Database, principal: string, key: string): Promise<void> {
  await db.kysely.deleteFrom('idempotency_keys').where('principal', '=', principal).where('key', '=', key).where('status', '=', 0).execute();
}

/** Deletes answers older than 24 h; returns how many. */
export async function sweepIdempotencyKeys(db: Database, now: number): Promise<number> {
  const result = await db.kysely.deleteFrom('idempotency_keys').where('created_at', '<', now - IDEMPOTENCY_TTL_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
