/**
 * The outbox on the local database (collection `outbox`, see src/sync/README.md):
 * queueing an entry next to its optimistic write, reading the queue in order, and
 * settling an entry (sent: removed; refused: failed, its optimistic write rolled
 * back, kept until dismissed). The replayer (src/sync/outbox-replayer.ts) drives it.
 *
 * Writes that belong together (an outbox entry and its optimistic document) run
 * one after the other inside `runExclusive`, entry first: RxDB has no transaction
 * across collections, and a crash between the two leaves a queued request whose
 * result the next pull brings, never an optimistic change that is never sent.
 */
import type { SoukDatabase } from './database';
import type { OutboxEntry, OutboxFailure } from './outbox-entry';

export type { OutboxEntry, OutboxFailure } from './outbox-entry';

const SEND_STATES = ['pending', 'sending'] as const;

/** Serialises the local write sequences of one database (follow, settle, dismiss, wipe). */
export class LocalWriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** A createdAt after every queued entry (ms; strictly increasing, so it alone orders the queue). */
export async function nextCreatedAt(db: SoukDatabase, now: number = Date.now()): Promise<number> {
  const last = await db.outbox.findOne({ selector: {}, sort: [{ createdAt: 'desc' }] }).exec();
  return Math.max(now, (last?.createdAt ?? 0) + 1);
}

export function newEntryId(): string {
  return crypto.randomUUID();
}

/** The entry to send next: the oldest pending or sending one ('sending' is left over from a stop mid-send). */
export async function nextToSend(db: SoukDatabase): Promise<OutboxEntry | null> {
  const doc = await db.outbox
    .findOne({ selector: { state: { $in: [...SEND_STATES] } }, sort: [{ createdAt: 'asc' }] })
    .exec();
  return doc ? doc.toMutableJSON() : null;
}

/** Every entry the UI shows (pending, sending, failed), in queue order. */
export async function listOutbox(db: SoukDatabase): Promise<OutboxEntry[]> {
  const docs = await db.outbox.find({ selector: {}, sort: [{ createdAt: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON());
}

export async function outboxCounts(db: SoukDatabase): Promise<{ pending: number; failed: number }> {
  const all = await listOutbox(db);
  const failed = all.filter((e) => e.state === 'failed').length;
  return { pending: all.length - failed, failed };
}

/** Updates an entry if it is still there (a wipe or a dismissal may have removed it). */
export async function patchEntry(db: SoukDatabase, id: string, patch: Partial<OutboxEntry>): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc) await doc.incrementalPatch(patch);
}

export async function removeEntry(db: SoukDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc) await doc.remove();
}

/** How a kind of entry undoes its optimistic write; `later` is the next unsettled entry on the same target. */
export type Rollback = (db: SoukDatabase, entry: OutboxEntry, later: OutboxEntry | null) => Promise<void>;

/**
 * The server refused the entry for good: it becomes 'failed' with the server's error (the UI shows it
 * until dismissOutboxEntry), and its optimistic write is rolled back by the kind's rollback.
 */
export async function failEntry(db: SoukDatabase, entry: OutboxEntry, failure: OutboxFailure, rollback: Rollback): Promise<void> {
  const current = await db.outbox.findOne(entry.id).exec();
  if (!current) return;
  const later = await db.outbox
    .findOne({
      selector: { target: { $eq: entry.target }, state: { $in: [...SEND_STATES] }, createdAt: { $gt: entry.createdAt } },
      sort: [{ createdAt: 'asc' }],
    })
    .exec();
  // Roll back first: whoever sees the entry failed also sees the local state restored.
  await rollback(db, current.toMutableJSON(), later ? later.toMutableJSON() : null);
  await current.incrementalPatch({ state: 'failed', failure });
}

/** Removes a failed entry (the UI showed it); a pending one stays: it has not been settled. */
export async function dismissEntry(db: SoukDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (doc && doc.state === 'failed') await doc.remove();
}
