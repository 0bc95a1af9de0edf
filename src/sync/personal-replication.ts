/**
 * The signed-in user's collections (follows), pulled with the bearer token:
 * GET /api/sync/follows/pull with `Authorization: Bearer …`, inside the retry loop
 * like the catalogue. RESYNC comes from the shared change stream (opened with the
 * same bearer, so the server pokes `follows` for this user only) and after each
 * queued write the server accepted.
 *
 * - A 401 is final for this token: the pull gives up (no loop), the replication
 *   stops and onUnauthorized reports it (SyncStatus.personal = 'unauthorized').
 * - Checkpoints are per user (replication identifier souk-v1-follows-{apiBase}-{owner});
 *   when personal data is wiped, removePersonalCheckpoints drops them, so the next
 *   session of that user pulls everything again into the emptied collection.
 */
import { Subject } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { SoukDatabase } from '../db/database';
import type { BackoffOptions, Kick } from './backoff';
import type { OnlineSignal } from './online-signal';
import { DEFAULT_PULL_LIMIT, type Checkpoint } from './protocol';
import { retryLoop } from './retry-loop';
import { bearer } from './session-token';
import type { SyncStatusStore } from './sync-status';
import type { FetchLike } from './transport/fetch-type';
import { createHttpPullTransport } from './transport/pull-transport';
import { SyncError, syncErrorCode } from './transport/sync-error';

export interface PersonalReplicationOptions {
  db: SoukDatabase;
  apiBase: string;
  token: string;
  /** tokenOwner(token): keys the checkpoints. */
  owner: string;
  fetch?: FetchLike;
  online: OnlineSignal;
  backoff: BackoffOptions;
  kick?: Kick;
  batchSize?: number;
  live?: boolean;
  status: SyncStatusStore;
  /** The server refused the token (401): the replication has stopped itself. */
  onUnauthorized(): void;
}

export interface PersonalReplication {
  /** Pull now (a poke, a stream reconnect, an accepted write). */
  resync(): void;
  /** Resolves when the follows pull has caught up once in this session. */
  awaitInitialSync(): Promise<void>;
  stop(): Promise<void>;
}

export function personalReplicationId(apiBase: string, owner: string): string {
  return `souk-v1-follows-${apiBase}-${owner}`;
}

const isUnauthorized = (error: unknown) => error instanceof SyncError && error.status === 401;

export function startPersonalReplication(o: PersonalReplicationOptions): PersonalReplication {
  const stopped = new AbortController();
  const resync$ = new Subject<'RESYNC'>();
  const transport = createHttpPullTransport({ apiBase: o.apiBase, fetch: o.fetch, headers: () => bearer(o.token) });
  let refused = false;

  const state: RxReplicationState<unknown, Checkpoint> = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier: personalReplicationId(o.apiBase, o.owner),
    collection: o.db.follows as RxCollection<unknown>,
    live: o.live ?? true,
    retryTime: o.backoff.maxMs,
    waitForLeadership: true,
    autoStart: true,
    pull: {
      batchSize: o.batchSize ?? DEFAULT_PULL_LIMIT,
      stream$: resync$.asObservable(),
      handler: async (checkpoint, size) => {
        if (refused || stopped.signal.aborted) return { documents: [], checkpoint: undefined };
        try {
          const res = await retryLoop((abort) => transport.pull('follows', checkpoint, size, abort), {
            online: o.online,
            backoff: o.backoff,
            abort: stopped.signal,
            kick: o.kick,
            giveUp: isUnauthorized,
            onOffline: () => o.status.setOffline(true),
            onFailure: (error) => o.status.setError('pull:follows', syncErrorCode(error)),
          });
          o.status.clearError('pull:follows');
          return { documents: res.documents, checkpoint: res.checkpoint ?? undefined };
        } catch (error) {
          if (isUnauthorized(error)) {
            // Final for this token: no retry; stop and say so (the UI asks the user to sign in again).
            refused = true;
            o.status.clearError('pull:follows');
            o.onUnauthorized();
            return { documents: [], checkpoint: undefined };
          }
          if (stopped.signal.aborted) return { documents: [], checkpoint: undefined };
          throw error;
        }
      },
    },
  });
  const errors = state.error$.subscribe((error) =>
    o.status.setError('rxdb:follows', `rxdb_${String((error as { code?: unknown }).code ?? 'error')}`),
  );

  return {
    resync() {
      if (stopped.signal.aborted || refused) return;
      resync$.next('RESYNC');
    },
    awaitInitialSync: () => state.awaitInitialReplication(),
    async stop() {
      if (stopped.signal.aborted) return;
      stopped.abort(new DOMException('stopped', 'AbortError'));
      await state.cancel();
      errors.unsubscribe();
      o.status.clearError('pull:follows');
      o.status.clearError('rxdb:follows');
      resync$.complete();
    },
  };
}

/** Drops the stored checkpoints of an owner's personal replication (after its data was wiped). */
export async function removePersonalCheckpoints(db: SoukDatabase, apiBase: string, owner: string): Promise<void> {
  const state = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier: personalReplicationId(apiBase, owner),
    collection: db.follows as RxCollection<unknown>,
    live: false,
    autoStart: false,
    waitForLeadership: false,
    pull: { handler: () => Promise.resolve({ documents: [], checkpoint: undefined }) },
  });
  await state.remove();
}
