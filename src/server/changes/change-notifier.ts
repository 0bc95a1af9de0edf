/**
 * Tells listeners (the SSE stream) that a replicated collection was written.
 * Repositories call `publish` after their transaction commits.
 *
 * This in-process version serves one server instance (SQLite). On PostgreSQL,
 * pg-change-notifier.ts implements the same interface for several instances:
 * `publish` also NOTIFYs `souk_changes`, and what a dedicated `LISTEN
 * souk_changes` connection receives from the other instances reaches the
 * subscribers; openDatabase chooses by the database's dialect.
 */
import {
  PERSONAL_COLLECTIONS,
  POKE_ONLY_COLLECTIONS,
  REPLICATED_COLLECTIONS,
  type Checkpoint,
  type CommunityCollection,
  type PersonalCollection,
  type PokeOnlyCollection,
  type ReplicatedCollection,
} from '../../sync/protocol';

/**
 * How far a catalogue write reaches, for the listing totals (src/server/repositories/listing-totals.ts):
 * 'counters' changed only counts no listing filter reads (rating, reviews, followers); 'stock' changed stock
 * (and so what "in stock" matches) and sales. A change without a scope may have changed anything.
 */
export type ChangeScope = 'counters' | 'stock';

/** A write to a public collection (every stream is poked) or to one user's personal collection (only theirs). */
export type CollectionChange =
  | {
      collection: ReplicatedCollection;
      /** Checkpoint of the newest document written. */
      checkpoint: Checkpoint;
      userId?: undefined;
      scope?: ChangeScope;
    }
  | {
      collection: PersonalCollection | PokeOnlyCollection | CommunityCollection;
      checkpoint: Checkpoint;
      /** The owner of the written documents. */
      userId: number;
    }
  | {
      /**
       * Every stream opened with a session is poked: a community post everyone may see changed, or (any
       * personal collection) a catch-up after pokes were lost (catchUpChanges); each client pulls its own.
       */
      collection: PersonalCollection | PokeOnlyCollection;
      checkpoint: Checkpoint;
      userId?: undefined;
      authenticated: true;
    };

export type ChangeListener = (change: CollectionChange) => void;

export interface ChangeNotifier {
  /** Which implementation: 'local' (in-process) or 'postgres' (LISTEN/NOTIFY across instances). */
  readonly kind: 'local' | 'postgres';
  /** Delivers to this process's subscribers at once (synchronously), and to other instances' where shared. */
  publish(change: CollectionChange): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
  listenerCount(): number;
  /**
   * Resolves once changes published by other instances reach this one's subscribers: at once in-process;
   * on PostgreSQL when the LISTEN is in place (listening starts now if it has not yet).
   */
  ready(): Promise<void>;
  /** Stops delivering; on PostgreSQL, sends what is still queued first. */
  close(): Promise<void>;
}

/** Calls every listener; one that throws does not stop the others (listeners handle their own errors). */
export function deliverChange(listeners: Iterable<ChangeListener>, change: CollectionChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch {
      // A failing listener must not stop the others.
    }
  }
}

/**
 * A poke for every collection a stream carries, for when pokes may have been lost (an instance's LISTEN
 * connection was down): public ones reach every stream, personal ones every stream opened with a session,
 * and each client pulls from its own checkpoint. The checkpoint names no document (id '').
 */
export function catchUpChanges(now: number): CollectionChange[] {
  const checkpoint = { updatedAt: now, id: '' };
  return [
    ...REPLICATED_COLLECTIONS.map((collection): CollectionChange => ({ collection, checkpoint })),
    ...[...PERSONAL_COLLECTIONS, ...POKE_ONLY_COLLECTIONS].map((collection): CollectionChange => ({ collection, checkpoint, authenticated: true })),
  ];
}

export function createLocalChangeNotifier(): ChangeNotifier {
  const listeners = new Set<ChangeListener>();
  return {
    kind: 'local',
    publish(change) {
      deliverChange(listeners, change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount() {
      return listeners.size;
    },
    ready() {
      return Promise.resolve();
    },
    async close() {
      listeners.clear();
    },
  };
}
