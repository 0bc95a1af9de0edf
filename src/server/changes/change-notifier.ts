/**
 * Tells listeners (the SSE stream) that a replicated collection was written.
 * Repositories call `publish` after their transaction commits.
 *
 * This in-process version serves one server instance. For several instances
 * behind a load balancer, an implementation of the same interface can
 * `NOTIFY souk_changes, '<json>'` in `publish` and deliver what a dedicated
 * `LISTEN souk_changes` connection receives to `subscribe`rs; nothing else changes.
 */
import type { Checkpoint, CommunityCollection, PersonalCollection, PokeOnlyCollection, ReplicatedCollection } from '../../sync/protocol';

/** A write to a public collection (every stream is poked) or to one user's personal collection (only theirs). */
export type CollectionChange =
  | {
      collection: ReplicatedCollection;
      /** Checkpoint of the newest document written. */
      checkpoint: Checkpoint;
      userId?: undefined;
    }
  | {
      collection: PersonalCollection | PokeOnlyCollection | CommunityCollection;
      checkpoint: Checkpoint;
      /** The owner of the written documents. */
      userId: number;
    }
  | {
      /** A community post everyone may see changed: every stream opened with a session is poked. */
      collection: CommunityCollection;
      checkpoint: Checkpoint;
      userId?: undefined;
      authenticated: true;
    };

export type ChangeListener = (change: CollectionChange) => void;

export interface ChangeNotifier {
  publish(change: CollectionChange): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
  listenerCount(): number;
  close(): Promise<void>;
}

export function createLocalChangeNotifier(): ChangeNotifier {
  const listeners = new Set<ChangeListener>();
  return {
    publish(change) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch {
          // A failing listener must not stop the others; listeners handle their own errors.
        }
      }
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
    async close() {
      listeners.clear();
    },
  };
}
