/**
 * The page's copy of the data worker's SyncStatus, held outside React so that a component can read a part of it
 * and re-render only when that part changes (useSyncExternalStore with a selector, use-sync-status.ts).
 *
 * The worker reports after every pulled batch, several times a second while a sync runs. Handed down as a
 * context value, each report re-rendered every reader and everything below it: the home page, its seven rows and
 * their 84 cards, although all they read is whether the catalogue is complete, which changes once.
 */
import type { SyncStatus } from '../../workers/data-api';

export interface SyncStatusStore {
  /** The latest status; null until the worker first reports. */
  get(): SyncStatus | null;
  set(status: SyncStatus): void;
  /** Calls `onChange` after every set(); returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

export function createSyncStatusStore(): SyncStatusStore {
  let current: SyncStatus | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(status) {
      current = status;
      for (const listener of [...listeners]) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
