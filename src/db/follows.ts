/**
 * Follow and unfollow on the local database: the optimistic `follows` document
 * and the queued request (POST/DELETE /api/shops/{id}/follow?timestamp=…), and
 * the rollback when the server refuses it. The view the UI reads
 * (queries/follows.ts) lays the unsettled entries over the documents, so a pull
 * that lands between a queued change and its confirmation never flickers.
 */
import type { FollowDoc } from '../domain/social';
import type { SoukDatabase } from './database';
import { newEntry, patchEntry, type OutboxEntry, type Reapply, type Rollback } from './outbox';

/** Shop ids as the API spells them: digits. */
export function checkShopId(shopId: string): string {
  if (!/^[1-9]\d{0,17}$/.test(shopId)) throw new Error(`Not a shop id: ${JSON.stringify(shopId)}`);
  return shopId;
}

/** The undo of a follow/unfollow entry: the follows document before the change (null: none). */
interface FollowUndo {
  doc: FollowDoc | null;
}

function parseUndo(undo: string | null): FollowUndo {
  if (undo === null) return { doc: null };
  try {
    const value = JSON.parse(undo) as { doc?: unknown };
    const doc = value.doc as Partial<FollowDoc> | null | undefined;
    if (doc && typeof doc.id === 'string' && typeof doc.shopId === 'number' && typeof doc.createdAt === 'number' && typeof doc.updatedAt === 'number') {
      return { doc: { id: doc.id, shopId: doc.shopId, createdAt: doc.createdAt, updatedAt: doc.updatedAt } };
    }
  } catch {
    // A malformed undo restores "not following": the next pull corrects it either way.
  }
  return { doc: null };
}

async function currentFollow(db: SoukDatabase, shopId: string): Promise<FollowDoc | null> {
  const doc = await db.follows.findOne(shopId).exec();
  return doc ? { id: doc.id, shopId: doc.shopId, createdAt: doc.createdAt, updatedAt: doc.updatedAt } : null;
}

async function setFollow(db: SoukDatabase, shopId: string, doc: FollowDoc | null): Promise<void> {
  if (doc) {
    await db.follows.upsert(doc);
    return;
  }
  const existing = await db.follows.findOne(shopId).exec();
  if (existing) await existing.remove();
}

/**
 * Queues a follow (follow = true) or unfollow of a shop and applies it locally. Run it inside the
 * database's LocalWriteLock. The entry is written first (see outbox.ts).
 */
export async function queueFollowChange(db: SoukDatabase, shopId: string, follow: boolean, now: number = Date.now()): Promise<OutboxEntry> {
  checkShopId(shopId);
  const before = await currentFollow(db, shopId);
  const entry = await newEntry(
    db,
    {
      method: follow ? 'POST' : 'DELETE',
      path: `/api/shops/${shopId}/follow?timestamp=${now}`,
      body: null,
      kind: follow ? 'follow' : 'unfollow',
      target: shopId,
      undo: JSON.stringify({ doc: before } satisfies FollowUndo),
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  await applyFollow(db, shopId, follow, before, now);
  return entry;
}

/** The optimistic document: a new follow starts now; its updatedAt is the server's to assign (the pull replaces it). */
async function applyFollow(db: SoukDatabase, shopId: string, follow: boolean, before: FollowDoc | null, now: number): Promise<void> {
  await setFollow(db, shopId, follow ? (before ?? { id: shopId, shopId: Number(shopId), createdAt: now, updatedAt: 0 }) : null);
}

/** Retry of a refused follow/unfollow: the change applied again, the undo is the state now. */
export const reapplyFollowChange: Reapply = async (db, entry, now) => {
  const before = await currentFollow(db, entry.target);
  await applyFollow(db, entry.target, entry.kind === 'follow', before, now);
  return JSON.stringify({ doc: before } satisfies FollowUndo);
};

/**
 * A refused follow/unfollow: the document goes back to what it was before the entry, unless a later
 * change of the same shop is still queued: that one's intent stands, and it inherits this entry's undo
 * (so if it is refused too, the shop goes back to the state before both).
 */
export const rollbackFollowChange: Rollback = async (db, entry, later) => {
  if (later) {
    await patchEntry(db, later.id, { undo: entry.undo });
    return;
  }
  await setFollow(db, entry.target, parseUndo(entry.undo).doc);
};
