/**
 * The signed-in user's pulled collections (follows, wishlist, orders, community_posts, conversations, messages), pulled with the bearer token:
 * GET /api/sync/{collection}/pull with `Authorization: Bearer …`, inside the retry loop like the catalogue.
 * RESYNC comes from the shared change stream (opened with the same bearer, so the server pokes these
 * collections for this user only) and after each queued write the server accepted.
 *
 * - A 401 on any of them is final for this token: every pull gives up (no loop), the replications stop
 *   and onUnauthorized reports it once (SyncStatus.personal = 'unauthorized').
 * - Checkpoints are per collection and user (replication identifier souk-v1-{collection}-{apiBase}-{owner});
 *   when personal data is wiped, removePersonalCheckpoints drops them, so the next session of that user
 *   pulls everything again into the emptied collections.
 * - A pulled order, community post or message is stored with local_state 'confirmed': it replaces the one
 *   written here under the same id (the client ref), queued until then.
 */
import { Subject } from 'rxjs';
import type { RxCollection, WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { SoukDatabase } from '../db/database';
import type { BackoffOptions, Kick } from './backoff';
import type { OnlineSignal } from './online-signal';
import { DEFAULT_PULL_LIMIT, PERSONAL_COLLECTIONS, type Checkpoint, type PersonalCollection } from './protocol';
import { retryLoop } from './retry-loop';
import { bearer } from './session-token';
import type { SyncStatusStore } from './sync-status';
import type { FetchLike } from './transport/fetch-type';
import { createHttpPullTransport, type PulledDoc } from './transport/pull-transport';
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
  /** The server refused the token (401): the replications have stopped themselves. */
  onUnauthorized(): void;
}

export interface PersonalReplication {
  /** Pull now (a poke, a stream reconnect, an accepted write): every personal collection, or the one named. */
  resync(collection?: PersonalCollection): void;
  /** Resolves when every personal pull has caught up once in this session. */
  awaitInitialSync(): Promise<void>;
  stop(): Promise<void>;
}

export function personalReplicationId(collection: PersonalCollection, apiBase: string, owner: string): string {
  return `souk-v1-${collection}-${apiBase}-${owner}`;
}

/** Pulled documents as stored (orders get their local state). */
const TO_STORED: { [C in PersonalCollection]: (doc: PulledDoc<C>) => WithDeleted<object> } = {
  follows: (d) => d,
  wishlist: (d) => d,
  orders: (d) => ({ ...d, local_state: 'confirmed' }),
  // The server's post or message replaces the one written here under the same id (its client ref).
  community_posts: (d) => ({ ...d, local_state: 'confirmed' }),
  conversations: (d) => d,
  messages: (d) => ({ ...d, local_state: 'confirmed' }),
  bookings: (d) => ({ ...d, local_state: 'confirmed' }),
};

const isUnauthorized = (error: unknown) => error instanceof SyncError && error.status === 401;

export function startPersonalReplication(o: PersonalReplicationOptions): PersonalReplication {
  const stopped = new AbortController();
  const transport = createHttpPullTransport({ apiBase: o.apiBase, fetch: o.fetch, headers: () => bearer(o.token) });
  let refused = false;
  const resync$ = Object.fromEntries(PERSONAL_COLLECTIONS.map((c) => [c, new Subject<'RESYNC'>()])) as Record<PersonalCollection, Subject<'RESYNC'>>;

  function replicate<C extends PersonalCollection>(name: C): RxReplicationState<unknown, Checkpoint> {
    return replicateRxCollection<unknown, Checkpoint>({
      replicationIdentifier: personalReplicationId(name, o.apiBase, o.owner),
      collection: o.db[name] as RxCollection<unknown>,
      live: o.live ?? true,
      retryTime: o.backoff.maxMs,
      waitForLeadership: true,
      autoStart: true,
      pull: {
        batchSize: o.batchSize ?? DEFAULT_PULL_LIMIT,
        stream$: resync$[name].asObservable(),
        handler: async (checkpoint, size) => {
          if (refused || stopped.signal.aborted) return { documents: [], checkpoint: undefined };
          try {
            const res = await retryLoop((abort) => transport.pull(name, checkpoint, size, abort), {
              online: o.online,
              backoff: o.backoff,
              abort: stopped.signal,
              kick: o.kick,
              giveUp: isUnauthorized,
              onOffline: () => o.status.setOffline(true),
              onFailure: (error) => o.status.setError(`pull:${name}`, syncErrorCode(error)),
            });
            o.status.clearError(`pull:${name}`);
            return { documents: res.documents.map((d) => TO_STORED[name](d)), checkpoint: res.checkpoint ?? undefined };
          } catch (error) {
            if (isUnauthorized(error)) {
              // Final for this token: no retry; stop and say so (the UI asks the user to sign in again).
              o.status.clearError(`pull:${name}`);
              if (!refused) {
                refused = true;
                o.onUnauthorized();
              }
              return { documents: [], checkpoint: undefined };
            }
            if (stopped.signal.aborted) return { documents: [], checkpoint: undefined };
            throw error;
          }
        },
      },
    });
  }

  const states = Object.fromEntries(PERSONAL_COLLECTIONS.map((c) => [c, replicate(c)])) as Record<
    PersonalCollection,
    RxReplicationState<unknown, Checkpoint>
  >;
  const errors = PERSONAL_COLLECTIONS.map((c) =>
    states[c].error$.subscribe((error) => o.status.setError(`rxdb:${c}`, `rxdb_${String((error as { code?: unknown }).code ?? 'error')}`)),
  );

  return {
    resync(collection) {
      if (stopped.signal.aborted || refused) return;
      for (const c of collection === undefined ? PERSONAL_COLLECTIONS : [collection]) resync$[c].next('RESYNC');
    },
    awaitInitialSync: async () => {
      await Promise.all(PERSONAL_COLLECTIONS.map((c) => states[c].awaitInitialReplication()));
    },
    async stop() {
      if (stopped.signal.aborted) return;
      stopped.abort(new DOMException('stopped', 'AbortError'));
      await Promise.all(PERSONAL_COLLECTIONS.map((c) => states[c].cancel()));
      for (const sub of errors) sub.unsubscribe();
      for (const c of PERSONAL_COLLECTIONS) {
        o.status.clearError(`pull:${c}`);
        o.status.clearError(`rxdb:${c}`);
        resync$[c].complete();
      }
    },
  };
}

/** Drops the stored checkpoints of an owner's personal replications (after their data was wiped). */
export async function removePersonalCheckpoints(db: SoukDatabase, apiBase: string, owner: string): Promise<void> {
  for (const collection of PERSONAL_COLLECTIONS) {
    const state = replicateRxCollection<unknown, Checkpoint>({
      replicationIdentifier: personalReplicationId(collection, apiBase, owner),
      collection: db[collection] as RxCollection<unknown>,
      live: false,
      autoStart: false,
      waitForLeadership: false,
      pull: { handler: () => Promise.resolve({ documents: [], checkpoint: undefined }) },
    });
    await state.remove();
  }
}
