/**
 * The outbox on the local database (collection `outbox`, see src/sync/README.md):
 * queueing an entry next to its optimistic write, reading the queue in order, and
 * settling an entry (sent: its local documents settled from the server's answer, then
 * 'done', kept DONE_RETENTION_MS for the sync centre, then pruned; refused: 'failed',
 * its optimistic write rolled back, kept until dismissed, which clears what it left,
 * or retried under a new key). The replayer (src/sync/outbox-replayer.ts) drives it;
 * each kind's handlers are in outbox-kinds.ts.
 *
 * Writes that belong together (an outbox entry and its optimistic document) run
 * one after the other inside `runExclusive`, entry first: RxDB has no transaction
 * across collections, and a crash between the two leaves a queued request whose
 * result the next pull brings, never an optimistic change that is never sent.
 */
import type { SoukDatabase } from './database';
import { DONE_RETENTION_MS, type OutboxAuth, type OutboxEntry, type OutboxFailure, type OutboxKind, type OutboxMethod } from './outbox-entry';

export type { OutboxEntry, OutboxFailure } from './outbox-entry';

/** Unsettled: waiting to be sent, or out. */
export const SEND_STATES = ['pending', 'sending'] as const;

/**
 * Kinds whose entries act on the same thing when their targets are equal (a later one inherits the undo of
 * a refused earlier one). Targets: follow/unfollow the shop id; cart lines the variant id; cart_clear,
 * coupons and cart_merge 'cart'; wishlist the product id; orders the order document id; post_create the post's
 * document id, response_answer the response's id, message_send the message's document id.
 */
const FAMILIES: readonly (readonly OutboxKind[])[] = [
  ['follow', 'unfollow'],
  ['cart_add', 'cart_set', 'cart_remove'],
  ['cart_clear'],
  ['coupon_apply', 'coupon_remove'],
  ['cart_merge'],
  ['wishlist_add', 'wishlist_update', 'wishlist_remove'],
  ['order_place', 'order_cancel'],
  ['post_create'],
  ['response_answer'],
  ['message_send'],
];

export function familyOf(kind: OutboxKind): readonly OutboxKind[] {
  return FAMILIES.find((f) => f.includes(kind)) ?? [kind];
}

/**
 * Entries that change the cart on the server (order_place too: the server removes the ordered lines).
 * While one is unsettled, the server's cart (GET /api/cart) must not replace the local one.
 */
export const CART_KINDS: readonly OutboxKind[] = [
  'cart_add',
  'cart_set',
  'cart_remove',
  'cart_clear',
  'coupon_apply',
  'coupon_remove',
  'cart_merge',
  'order_place',
];

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

/** What a kind's queue function says about its request; the rest of the entry is filled in by newEntry. */
export interface EntryFields {
  method: OutboxMethod;
  path: string;
  body: string | null;
  kind: OutboxKind;
  target: string;
  undo: string | null;
  auth: OutboxAuth;
}

/** A new pending entry (fresh key, next createdAt). */
export async function newEntry(db: SoukDatabase, fields: EntryFields, now: number = Date.now()): Promise<OutboxEntry> {
  return {
    id: newEntryId(),
    ...fields,
    createdAt: await nextCreatedAt(db, now),
    attempts: 0,
    lastError: null,
    state: 'pending',
    failure: null,
    doneAt: null,
  };
}

/** The unsettled entries (pending, sending), in queue order. */
export async function unsettledEntries(db: SoukDatabase): Promise<OutboxEntry[]> {
  const docs = await db.outbox.find({ selector: { state: { $in: [...SEND_STATES] } }, sort: [{ createdAt: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON());
}

export interface SendFilter {
  /** Entries of the signed-in user may go (a usable token); guest entries always may. */
  user: boolean;
  /** Entries not to send now (the service worker holds a copy: sent again on online, kick or start). */
  skip?: ReadonlySet<string>;
  /**
   * Entries queued at or before this createdAt wait (a signed-out session's writes kept after an involuntary
   * sign-out: sent when that account signs in again, discarded when another one does).
   */
  heldUntil?: number | null;
}

/** Entries with the same key act on the same thing (familyOf + target). */
function sameThingKey(entry: OutboxEntry): string {
  return `${familyOf(entry.kind).join('|')}:${entry.target}`;
}

/**
 * The entry to send next: the oldest pending or sending one ('sending' is left over from a stop mid-send)
 * that may go now. Order across skipped entries (docs/COMMERCE.md):
 * - an entry the service worker holds (skip) blocks the later entries on the same thing (an order_cancel
 *   of that order, a cart_set/cart_remove of that variant), which must not overtake it;
 * - a cart_merge waits while any guest entry before it is unsettled (it would merge an incomplete guest
 *   cart, and the guest write would then land in a new guest cart that nothing merges).
 */
export async function nextToSend(db: SoukDatabase, filter: SendFilter = { user: true }): Promise<OutboxEntry | null> {
  const blocked = new Set<string>();
  let guestWaiting = false;
  const heldUntil = filter.heldUntil ?? null;
  for (const entry of await unsettledEntries(db)) {
    const held = heldUntil !== null && entry.createdAt <= heldUntil;
    const parked = filter.skip?.has(entry.id) === true;
    const waits = held || parked || (entry.auth === 'user' && !filter.user) || blocked.has(sameThingKey(entry)) || (entry.kind === 'cart_merge' && guestWaiting);
    if (!waits) return entry;
    if (entry.auth === 'guest') guestWaiting = true;
    if (parked || blocked.has(sameThingKey(entry))) blocked.add(sameThingKey(entry));
  }
  return null;
}

/** Whether a cart entry is unsettled (the server's cart must not replace the local one then). */
export async function hasUnsettledCartEntry(db: SoukDatabase): Promise<boolean> {
  const doc = await db.outbox.findOne({ selector: { state: { $in: [...SEND_STATES] }, kind: { $in: [...CART_KINDS] } } }).exec();
  return doc !== null;
}

/** Every entry the UI shows (pending, sending, failed, done), in queue order. */
export async function listOutbox(db: SoukDatabase): Promise<OutboxEntry[]> {
  const docs = await db.outbox.find({ selector: {}, sort: [{ createdAt: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON());
}

export async function outboxCounts(db: SoukDatabase): Promise<{ pending: number; failed: number }> {
  const all = await listOutbox(db);
  return {
    pending: all.filter((e) => e.state === 'pending' || e.state === 'sending').length,
    failed: all.filter((e) => e.state === 'failed').length,
  };
}

/**
 * How a kind settles its local documents from the server's answer to an accepted entry (`answer`: the 2xx
 * body parsed as JSON, null when there was none), before the pull brings them: a sent message or post becomes
 * the server's ('confirmed'). Resolves with the entry's undo to keep: a done entry is never undone, so a kind
 * whose accepted change is still laid over pulled documents keeps there what that needs (community-responses.ts).
 * An answer that is not what the kind expects changes nothing (the pull settles it).
 */
export type Accepted = (db: SoukDatabase, entry: OutboxEntry, answer: unknown) => Promise<string | null>;

/**
 * The server accepted the entry: its local documents are settled by `accepted` (the kind's, with the answer),
 * then it is 'done', listed until DONE_RETENTION_MS. A crash in between leaves the entry to send again under
 * the same key (the server answers the stored result). Run it under the lock.
 */
export async function completeEntry(
  db: SoukDatabase,
  id: string,
  now: number = Date.now(),
  accepted: ((entry: OutboxEntry) => Promise<string | null>) | null = null,
): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc) return;
  let undo = doc.undo;
  if (accepted !== null && doc.state !== 'done') {
    try {
      undo = await accepted(doc.toMutableJSON());
    } catch (error) {
      // The server has it either way: the pull brings its documents.
      console.error('outbox: settling an accepted entry failed', error);
    }
  }
  await doc.incrementalPatch({ state: 'done', doneAt: now, failure: null, lastError: null, undo });
}

/** Removes the done entries older than DONE_RETENTION_MS; resolves with how many. */
export async function pruneDone(db: SoukDatabase, now: number = Date.now()): Promise<number> {
  const old = await db.outbox.find({ selector: { state: { $eq: 'done' } } }).exec();
  const expired = old.filter((d) => (d.doneAt ?? 0) <= now - DONE_RETENTION_MS);
  if (expired.length > 0) await db.outbox.bulkRemove(expired.map((d) => d.id));
  return expired.length;
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

/** Applies a failed entry's optimistic change again (retry); resolves with the new entry's undo. */
export type Reapply = (db: SoukDatabase, entry: OutboxEntry, now: number) => Promise<string | null>;

/**
 * The server refused the entry for good: it becomes 'failed' with the server's error (the UI shows it
 * until dismissOutboxEntry), and its optimistic write is rolled back by the kind's rollback.
 */
export async function failEntry(db: SoukDatabase, entry: OutboxEntry, failure: OutboxFailure, rollback: Rollback): Promise<void> {
  const current = await db.outbox.findOne(entry.id).exec();
  if (!current) return;
  const later = await db.outbox
    .findOne({
      selector: {
        target: { $eq: entry.target },
        kind: { $in: [...familyOf(entry.kind)] },
        state: { $in: [...SEND_STATES] },
        createdAt: { $gt: entry.createdAt },
      },
      sort: [{ createdAt: 'asc' }],
    })
    .exec();
  // Roll back first: whoever sees the entry failed also sees the local state restored.
  await rollback(db, current.toMutableJSON(), later ? later.toMutableJSON() : null);
  await current.incrementalPatch({ state: 'failed', failure });
}

/**
 * What a failed entry leaves behind when the user discards it (the sync centre's Discard): the kinds whose
 * refusal keeps the optimistic document, marked 'failed' (a post, a message), remove it, since no pull ever
 * will (the server never had it); never a document the server has.
 */
export type Dismiss = (db: SoukDatabase, entry: OutboxEntry) => Promise<void>;

/**
 * Removes a failed or done entry (the UI showed it); a pending one stays: it has not been settled. A failed
 * one's leftovers go first, by the kind's dismiss (a crash in between leaves the entry to discard again, never
 * a failed document with no entry to say why). Run it under the lock.
 */
export async function dismissEntry(db: SoukDatabase, id: string, dismiss: (entry: OutboxEntry) => Dismiss): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || (doc.state !== 'failed' && doc.state !== 'done')) return;
  if (doc.state === 'failed') {
    const entry = doc.toMutableJSON();
    await dismiss(entry)(db, entry);
  }
  await doc.remove();
}

/**
 * Retry of a failed entry: a new entry (new key, same request) whose optimistic change is applied again
 * by the kind's reapply; the failed one is removed (the new one stands for it). A guest entry retried while
 * `signedIn` becomes a user entry. Run it under the lock.
 */
export async function retryEntry(
  db: SoukDatabase,
  id: string,
  reapply: (entry: OutboxEntry) => Reapply,
  now: number = Date.now(),
  signedIn = false,
): Promise<OutboxEntry> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || doc.state !== 'failed') throw new Error(`Outbox entry ${id} is not a failed entry`);
  const old = doc.toMutableJSON();
  // Signed in, a guest cart write goes to the user's cart: as a guest entry it would land in a new guest cart
  // that nothing merges (the sign-in's cart_merge is done already).
  const auth = old.auth === 'guest' && signedIn ? 'user' : old.auth;
  const entry = await newEntry(
    db,
    { method: old.method, path: old.path, body: old.body, kind: old.kind, target: old.target, auth, undo: null },
    now,
  );
  // The new entry first (a crash leaves a request whose result the next pull or cart refresh brings).
  await db.outbox.insert(entry);
  const undo = await reapply(old)(db, old, now);
  await patchEntry(db, entry.id, { undo });
  await doc.remove();
  return { ...entry, undo };
}
