/**
 * Sends the queued writes of the outbox (src/db/outbox.ts), one at a time in
 * createdAt order, each with `Idempotency-Key: <entry id>` and the bearer token,
 * inside the one retry loop (backoff, waits for `online`, cut short by a kick:
 * resync() or the network coming back). One replayer per data worker, running
 * only in the leading instance when several tabs share the database.
 *
 * Outcomes per entry:
 * - 2xx: removed (the pull brings the authoritative documents: onSent lets the
 *   owner resync the personal collections);
 * - 401: the entry stays pending and the replayer pauses until another token
 *   arrives (setToken), onUnauthorized says so;
 * - other 4xx except 408, 409 and 429: refused for good: 'failed' with the
 *   server's {status, code, message}, its optimistic write rolled back, kept for
 *   the UI;
 * - 5xx, 408, 409 (IDEMPOTENCY_KEY_IN_PROGRESS: an earlier send with this key is
 *   still running on the server, e.g. after a lost answer), 429, timeouts and
 *   network errors: retried, the entry stays pending
 *   (a lost answer is replayed with the same key and the server answers the
 *   stored result instead of acting twice).
 * A send cut short by stop() or a session change leaves the entry pending.
 */
import type { SoukDatabase } from '../db/database';
import { rollbackFollowChange } from '../db/follows';
import {
  failEntry,
  nextToSend,
  patchEntry,
  removeEntry,
  type LocalWriteLock,
  type OutboxEntry,
  type OutboxFailure,
  type Rollback,
} from '../db/outbox';
import type { OutboxKind } from '../db/outbox-entry';
import { createKick, type BackoffOptions } from './backoff';
import type { OnlineSignal } from './online-signal';
import { retryLoop } from './retry-loop';
import { bearer } from './session-token';
import { timeoutController, type FetchLike } from './transport/fetch-type';
import { SyncError, syncErrorCode } from './transport/sync-error';

const ROLLBACKS: Record<OutboxKind, Rollback> = {
  follow: rollbackFollowChange,
  unfollow: rollbackFollowChange,
};

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
  /** The server accepted an entry (it has been removed). */
  onSent?(entry: OutboxEntry): void;
  /** The server refused the token (401); the replayer waits for another one. */
  onUnauthorized?(token: string): void;
  /** A transient failure (code as in SyncStatus.error), or null after a success. */
  onError?(code: string | null): void;
}

export interface OutboxReplayer {
  /**
   * The session's token (null: signed out, nothing is sent). A change cuts an in-flight send short
   * (its entry stays pending) and resolves once the replayer no longer uses the old token.
   */
  setToken(token: string | null): Promise<void>;
  /** Send now: wake up and cut a backoff wait short. */
  kick(): void;
  /** Resolves when no entry is waiting to be sent (or the replayer is paused without a usable token). */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

type Outcome = { kind: 'sent' } | { kind: 'unauthorized' } | { kind: 'refused'; failure: OutboxFailure };

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
 * 4xx that no retry will change; 408 (timeout), 409 (the key's first request is still in flight: its
 * stored answer comes on a later try) and 429 (slow down) are worth another try, 401 pauses.
 */
function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 409 && status !== 429;
}

export function startOutboxReplayer(o: OutboxReplayerOptions): OutboxReplayer {
  const doFetch: FetchLike = o.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = o.timeoutMs ?? 30_000;
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
      kick.kick();
      wake();
    }
  });
  stopped.signal.addEventListener('abort', wake, { once: true });

  async function sendOnce(entry: OutboxEntry, tok: string, abort: AbortSignal): Promise<Outcome> {
    const t = timeoutController(abort, timeoutMs);
    let status: number;
    let text: string;
    try {
      const res = await doFetch(`${o.apiBase}${entry.path}`, {
        method: entry.method,
        headers: {
          ...bearer(tok),
          'idempotency-key': entry.id,
          accept: 'application/json',
          ...(entry.body === null ? {} : { 'content-type': 'application/json' }),
        },
        body: entry.body ?? undefined,
        signal: t.signal,
        cache: 'no-store',
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      if (abort.aborted) throw error;
      throw new SyncError(t.timedOut() ? 'timeout' : 'network', `outbox ${entry.method} ${entry.path}: ${String(error)}`, { cause: error });
    } finally {
      t.dispose();
    }
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 401) return { kind: 'unauthorized' };
    if (isFinalRefusal(status)) return { kind: 'refused', failure: failureOf(status, text) };
    throw new SyncError('http', `outbox ${entry.method} ${entry.path} answered ${status}`, { status });
  }

  async function sendEntry(entry: OutboxEntry, tok: string): Promise<void> {
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
    if (outcome.kind === 'sent') {
      await o.lock.runExclusive(() => removeEntry(o.db, entry.id));
      o.onSent?.(entry);
    } else if (outcome.kind === 'refused') {
      const refusal = outcome.failure;
      await o.lock.runExclusive(() => failEntry(o.db, entry, refusal, ROLLBACKS[entry.kind]));
    } else {
      await patchEntry(o.db, entry.id, { state: 'pending' });
      if (token === tok) refusedToken = tok;
      o.onUnauthorized?.(tok);
    }
  }

  async function run(): Promise<void> {
    await o.db.waitForLeadership();
    while (!stopped.signal.aborted) {
      dirty = false;
      const tok = token;
      if (tok === null || tok === refusedToken) {
        setIdle(true);
        await waitForWake();
        continue;
      }
      const entry = await nextToSend(o.db);
      if (!entry) {
        setIdle(true);
        await waitForWake();
        continue;
      }
      setIdle(false);
      let done!: () => void;
      busy = new Promise<void>((resolve) => (done = resolve));
      try {
        await sendEntry(entry, tok);
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
