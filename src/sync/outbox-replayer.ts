/**
 * Sends the queued writes of the outbox (src/db/outbox.ts), one at a time in
 * createdAt order, each with `Idempotency-Key: <entry id>`, inside the one retry
 * loop (backoff, waits for `online`, cut short by a kick: resync() or the network
 * coming back). One replayer per data worker, running only in the leading
 * instance when several tabs share the database.
 *
 * Who sends (docs/COMMERCE.md): entries of the signed-in user (auth 'user') go
 * with the bearer token and wait while there is no usable token; guest cart
 * entries (auth 'guest') go with the stored `Guest-Token` (none yet: the server
 * makes a guest cart and names it in its answer), also while signed in, so they
 * land in the guest cart that `cart_merge` (bearer + Guest-Token) then merges.
 * A `Guest-Token` answer header is stored (empty: removed). Every request says
 * `X-Souk-Queue: <tokenOwner or 'guest'>` and `X-Souk-Background-Sync: 1|0` for
 * the service worker's queue.
 *
 * Outcomes per entry:
 * - 2xx: the kind's accepted hook settles the local documents from the answer's
 *   body (src/db/outbox-kinds.ts: a message, a post, a seller's response), then
 *   'done' (kept for the sync centre, pruned after DONE_RETENTION_MS; the pull or
 *   the cart refresh brings the authoritative documents: onSent lets the owner
 *   ask for them); a 400 WISHLIST_EXISTS on wishlist_add counts as done;
 * - 202 with `X-Souk-Queued: 1`: the service worker kept a copy (the network
 *   failed): the entry stays pending and is not sent again until the network
 *   returns, a kick or the next start (the server answers the stored result if
 *   the service worker's copy got there first);
 * - 401: the entry stays pending and the replayer pauses until another token
 *   arrives (setToken), onUnauthorized says so (a guest entry drops the refused
 *   guest token and goes again without one);
 * - other 4xx except 408, 409 and 429: refused for good: 'failed' with the
 *   server's {status, code, message}, its optimistic write rolled back, kept for
 *   the UI;
 * - 5xx, 408, 409 (IDEMPOTENCY_KEY_IN_PROGRESS: an earlier send with this key is
 *   still running on the server, e.g. after a lost answer), 429, timeouts and
 *   network errors: retried, the entry stays pending
 *   (a lost answer is replayed with the same key and the server answers the
 *   stored result instead of acting twice).
 * A send cut short by stop() or a session change leaves the entry pending.
 *
 * Before each request the replayer looks for what the service worker's queue recorded for that key
 * (src/workers/queue-results.ts): the queue may have delivered the entry while the app was closed. A 2xx or
 * a final 4xx there settles the entry as if the server had just answered (no second request: after the
 * server's 24 h idempotency memory it would act twice); any other record is ignored. The record is deleted
 * once used.
 *
 * A seller's product draft (kind seller_product_create) is sent as multipart/form-data: its product JSON and the
 * photos kept for it in the outbox files (src/db/outbox-blobs.ts); when they are gone it is refused here
 * (DRAFT_PHOTOS_MISSING), never sent without them.
 *
 * Order (nextToSend): an entry the service worker holds blocks later entries on the same thing, and a
 * cart_merge waits for every guest entry before it.
 */
import { addRxPlugin } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import type { SoukDatabase } from '../db/database';
import { completeEntry, failEntry, nextToSend, patchEntry, pruneDone, type LocalWriteLock, type OutboxEntry, type OutboxFailure } from '../db/outbox';
import { KEY_IN_PROGRESS } from '../db/outbox-entry';
import type { OutboxFiles } from '../db/outbox-blobs';
import { KIND_HANDLERS } from '../db/outbox-kinds';
import { DRAFT_PHOTOS_MISSING, draftFormData, SELLER_PRODUCT_CREATE } from '../db/seller-product-draft';
import { deleteQueueResult, readQueueResult } from '../workers/queue-results';
import { createKick, type BackoffOptions } from './backoff';
import { applyGuestTokenHeader, ensureGuestToken, GUEST_TOKEN_HEADER, readGuestToken, storeGuestToken } from './guest-token';
import type { OnlineSignal } from './online-signal';
import { retryLoop } from './retry-loop';
import { bearer, tokenOwner } from './session-token';
import { timeoutController, type FetchLike } from './transport/fetch-type';
import { SyncError, syncErrorCode } from './transport/sync-error';

// waitForLeadership (only the leading tab sends) needs it; the replication plugin adds it too.
addRxPlugin(RxDBLeaderElectionPlugin);

/** How often done entries older than DONE_RETENTION_MS are looked for. */
const PRUNE_EVERY_MS = 60_000;

export interface OutboxReplayerOptions {
  db: SoukDatabase;
  /** Origin + path prefix of the API, no trailing slash. */
  apiBase: string;
  /** The database's local write lock: settling an entry runs under it. */
  lock: LocalWriteLock;
  fetch?: FetchLike;
  online: OnlineSignal;
  backoff: BackoffOptions;
  /** Per request, including reading the body (default 30 s). */
  timeoutMs?: number;
  /** The server accepted an entry (it is 'done'). */
  onSent?(entry: OutboxEntry): void;
  /** The server refused an entry for good (it is 'failed', its optimistic write rolled back). */
  onRefused?(entry: OutboxEntry): void;
  /** Whether the page has the Background Sync API (X-Souk-Background-Sync), read at each request. */
  backgroundSync?(): boolean;
  /** The clock (tests). */
  now?(): number;
  /** The server refused the token (401); the replayer waits for another one. */
  onUnauthorized?(token: string): void;
  /** A transient failure (code as in SyncStatus.error), or null after a success. */
  onError?(code: string | null): void;
  /**
   * Where the service worker records what its queue delivered (queue-results.ts); default `globalThis.caches`
   * when it exists, null for none.
   */
  caches?: Pick<CacheStorage, 'open'> | null;
  /**
   * Where the files of queued writes are kept (src/db/outbox-blobs.ts): a seller's product draft goes as
   * multipart/form-data with its photos read from there (src/db/seller-product-draft.ts). Null or absent: none.
   */
  files?: OutboxFiles | null;
  /**
   * Entries queued at or before this createdAt wait (writes of a session that ended involuntarily, kept for
   * that account), read before each pick; null: none.
   */
  heldUntil?(): number | null;
}

export interface OutboxReplayer {
  /**
   * The session's token (null: signed out, nothing is sent). A change cuts an in-flight send short
   * (its entry stays pending) and resolves once the replayer no longer uses the old token.
   */
  setToken(token: string | null): Promise<void>;
  /** Send now: wake up and cut a backoff wait short. */
  kick(): void;
  /**
   * Resolves when no entry can be sent now: none pending, or only user entries without a usable token,
   * or entries the service worker holds.
   */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

type Outcome = (
  /** answer: the 2xx body parsed as JSON (null: none, or not JSON), for the kind's accepted hook. */
  | { kind: 'sent'; answer?: unknown }
  | { kind: 'queued' }
  | { kind: 'unauthorized' }
  | { kind: 'refused'; failure: OutboxFailure }
) & {
  /** Settled from the service worker's record of this key (deleted once the entry is settled). */
  recorded?: boolean;
};

/** An accepted entry's answer body as JSON, null when it is empty or not JSON. */
function answerOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function failureOf(status: number, text: string): OutboxFailure {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return {
      status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${status}`,
      message: typeof body.message === 'string' ? body.message : '',
    };
  } catch {
    return { status, code: `HTTP_${status}`, message: '' };
  }
}

/**
 * 4xx that no retry will change; 408 (timeout), 409 IDEMPOTENCY_KEY_IN_PROGRESS (the key's first request is
 * still in flight: its stored answer comes on a later try) and 429 (slow down) are worth another try, 401
 * pauses. Another 409 (e.g. TAILOR_UNAVAILABLE, docs/TAILORING.md) is a refusal like any 4xx.
 */
function isFinalRefusal(status: number, code: string): boolean {
  if (status === 409) return code !== KEY_IN_PROGRESS && code !== `HTTP_${status}`;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export function startOutboxReplayer(o: OutboxReplayerOptions): OutboxReplayer {
  const doFetch: FetchLike = o.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = o.timeoutMs ?? 30_000;
  const now = o.now ?? (() => Date.now());
  const caches: Pick<CacheStorage, 'open'> | null = o.caches !== undefined ? o.caches : (globalThis.caches ?? null);
  const origin = new URL(o.apiBase).origin;
  /** Entries the service worker holds a copy of (202 queued): not sent again until online, a kick or a restart. */
  const parked = new Set<string>();
  let lastPrune = 0;
  const stopped = new AbortController();
  const kick = createKick();
  let token: string | null = null;
  /** The token the server refused (401): nothing is sent with it again. */
  let refusedToken: string | null = null;
  let current: AbortController | null = null;
  let busy: Promise<void> = Promise.resolve();
  let dirty = true;
  let waiters: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  let idle = false;

  const wake = () => {
    dirty = true;
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  const waitForWake = () =>
    new Promise<void>((resolve) => {
      if (dirty || stopped.signal.aborted) resolve();
      else waiters.push(resolve);
    });
  const setIdle = (value: boolean) => {
    idle = value;
    if (!value) return;
    const w = idleWaiters;
    idleWaiters = [];
    for (const resolve of w) resolve();
  };

  const changes = o.db.outbox.$.subscribe(() => wake());
  const unsubscribeOnline = o.online.subscribe((online) => {
    if (online) {
      parked.clear();
      kick.kick();
      wake();
    }
  });
  stopped.signal.addEventListener('abort', wake, { once: true });

  async function sendOnce(entry: OutboxEntry, tok: string | null, abort: AbortSignal): Promise<Outcome> {
    const guestToken =
      entry.auth === 'guest' ? await ensureGuestToken(o.db) : entry.kind === 'cart_merge' ? await readGuestToken(o.db) : null;
    // Nothing to merge: the guest cart never existed here, or it is gone already.
    if (entry.kind === 'cart_merge' && guestToken === null) return { kind: 'sent' };
    const recorded = await recordedOutcome(entry);
    if (recorded) return recorded;
    // A product draft goes with its photos, as one multipart request (the browser sets its content type).
    const form = entry.kind === SELLER_PRODUCT_CREATE ? await draftFormData(entry, o.files ?? null) : null;
    if (form === 'missing') return { kind: 'refused', failure: DRAFT_PHOTOS_MISSING };
    const t = timeoutController(abort, timeoutMs);
    let status: number;
    let text: string;
    let headers: Headers;
    try {
      const res = await doFetch(`${o.apiBase}${entry.path}`, {
        method: entry.method,
        headers: {
          ...(entry.auth === 'user' && tok !== null ? bearer(tok) : {}),
          ...(guestToken === null ? {} : { [GUEST_TOKEN_HEADER]: guestToken }),
          'idempotency-key': entry.id,
          'x-souk-queue': entry.auth === 'user' && tok !== null ? tokenOwner(tok) : 'guest',
          'x-souk-background-sync': o.backgroundSync?.() ? '1' : '0',
          accept: 'application/json',
          ...(entry.body === null || form !== null ? {} : { 'content-type': 'application/json' }),
        },
        body: form ?? entry.body ?? undefined,
        signal: t.signal,
        cache: 'no-store',
      });
      status = res.status;
      headers = res.headers;
      text = await res.text();
    } catch (error) {
      if (abort.aborted) throw error;
      throw new SyncError(t.timedOut() ? 'timeout' : 'network', `outbox ${entry.method} ${entry.path}: ${String(error)}`, { cause: error });
    } finally {
      t.dispose();
    }
    await applyGuestTokenHeader(o.db, headers);
    if (status === 202 && headers.get('x-souk-queued') === '1') return { kind: 'queued' };
    if (status >= 200 && status < 300) return { kind: 'sent', answer: answerOf(text) };
    if (status === 401 && entry.auth === 'guest') {
      // The guest cart's token is unknown or expired: forget it and go again with a new one (a new guest cart).
      if (guestToken !== null) {
        await storeGuestToken(o.db, null);
        throw new SyncError('http', `outbox ${entry.method} ${entry.path}: guest token refused`, { status });
      }
      return { kind: 'refused', failure: failureOf(status, text) };
    }
    if (status === 401) return { kind: 'unauthorized' };
    const failure = failureOf(status, text);
    // Already in the wishlist: what the entry wanted is true.
    if (entry.kind === 'wishlist_add' && status === 400 && failure.code === 'WISHLIST_EXISTS') return { kind: 'sent' };
    if (isFinalRefusal(status, failure.code)) return { kind: 'refused', failure };
    throw new SyncError('http', `outbox ${entry.method} ${entry.path} answered ${status}`, { status });
  }

  /**
   * What the service worker's queue got for this entry while nobody listened: a 2xx or a final 4xx settles
   * it as the server's answer would; any other record is dropped and the entry is sent.
   */
  async function recordedOutcome(entry: OutboxEntry): Promise<Outcome | null> {
    if (caches === null) return null;
    const result = await readQueueResult(caches, origin, entry.id);
    if (result === null) return null;
    if (result.status >= 200 && result.status < 300) return { kind: 'sent', answer: answerOf(result.body), recorded: true };
    const failure = failureOf(result.status, result.body);
    if (entry.kind === 'wishlist_add' && result.status === 400 && failure.code === 'WISHLIST_EXISTS') return { kind: 'sent', recorded: true };
    if (isFinalRefusal(result.status, failure.code)) return { kind: 'refused', failure, recorded: true };
    await forgetRecord(entry.id);
    return null;
  }

  async function forgetRecord(id: string): Promise<void> {
    if (caches === null) return;
    await deleteQueueResult(caches, origin, id).catch(() => undefined);
  }

  async function sendEntry(entry: OutboxEntry, tok: string | null): Promise<void> {
    const send = new AbortController();
    current = send;
    const onStop = () => send.abort(stopped.signal.reason);
    stopped.signal.addEventListener('abort', onStop, { once: true });
    let attempts = entry.attempts;
    let outcome: Outcome;
    try {
      outcome = await retryLoop(
        async (abort) => {
          attempts += 1;
          // 'sending' only while a request is out: waiting for the network or a backoff shows 'pending'.
          await patchEntry(o.db, entry.id, { state: 'sending', attempts });
          return sendOnce(entry, tok, abort);
        },
        {
          online: o.online,
          backoff: o.backoff,
          abort: send.signal,
          kick,
          onFailure: (error) => {
            const code = syncErrorCode(error);
            o.onError?.(code);
            void patchEntry(o.db, entry.id, { state: 'pending', lastError: code }).catch(() => undefined);
          },
        },
      );
    } catch {
      // Cut short (stop or another session): the entry waits, and goes again with the same key.
      await patchEntry(o.db, entry.id, { state: 'pending' }).catch(() => undefined);
      return;
    } finally {
      stopped.signal.removeEventListener('abort', onStop);
      if (current === send) current = null;
    }
    o.onError?.(null);
    // The entry is settled below: the service worker's record of it has served (deleted after, so a crash
    // in between finds it again rather than sending).
    const settled = outcome.recorded === true ? () => forgetRecord(entry.id) : () => Promise.resolve();
    if (outcome.kind === 'sent') {
      const answer = outcome.answer ?? null;
      await o.lock.runExclusive(() => completeEntry(o.db, entry.id, now(), (e) => KIND_HANDLERS[e.kind].accepted(o.db, e, answer)));
      await settled();
      o.onSent?.(entry);
    } else if (outcome.kind === 'queued') {
      // The service worker holds a copy and replays it; ours goes again on online, a kick or a restart.
      parked.add(entry.id);
      await patchEntry(o.db, entry.id, { state: 'pending', lastError: 'queued' });
    } else if (outcome.kind === 'refused') {
      const refusal = outcome.failure;
      await o.lock.runExclusive(() => failEntry(o.db, entry, refusal, KIND_HANDLERS[entry.kind].rollback));
      await settled();
      o.onRefused?.(entry);
    } else {
      await patchEntry(o.db, entry.id, { state: 'pending' });
      if (tok !== null) {
        if (token === tok) refusedToken = tok;
        o.onUnauthorized?.(tok);
      }
    }
  }

  async function run(): Promise<void> {
    await o.db.waitForLeadership();
    while (!stopped.signal.aborted) {
      dirty = false;
      if (now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now();
        await o.lock.runExclusive(() => pruneDone(o.db, now())).catch(() => undefined);
      }
      const tok = token !== null && token !== refusedToken ? token : null;
      const entry = await nextToSend(o.db, { user: tok !== null, skip: parked, heldUntil: o.heldUntil?.() ?? null });
      if (!entry) {
        setIdle(true);
        await waitForWake();
        continue;
      }
      setIdle(false);
      let done!: () => void;
      busy = new Promise<void>((resolve) => (done = resolve));
      try {
        await sendEntry(entry, entry.auth === 'user' ? tok : null);
      } finally {
        done();
      }
    }
    setIdle(true);
  }

  const loop = run().catch((error: unknown) => {
    // The database closed under us (shutdown): nothing more to send.
    if (!stopped.signal.aborted) console.error('outbox replayer stopped', error);
  });

  return {
    async setToken(next) {
      if (next === token) return;
      token = next;
      if (next !== null && next !== refusedToken) refusedToken = null;
      current?.abort(new DOMException('session changed', 'AbortError'));
      await busy;
      setIdle(false);
      wake();
    },
    kick() {
      parked.clear();
      kick.kick();
      wake();
    },
    whenIdle() {
      if (idle && !dirty) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      if (stopped.signal.aborted) return;
      stopped.abort(new DOMException('stopped', 'AbortError'));
      changes.unsubscribe();
      unsubscribeOnline();
      await busy;
      await loop;
    },
  };
}
