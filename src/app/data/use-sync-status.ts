import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncStatus } from '../../workers/data-api';
import { isInitialSync } from './sync-progress';
import { useDataClient } from './data-context';

/** The data worker's sync status, live; null until the worker first reports. */
export function useSyncStatus(): SyncStatus | null {
  const client = useDataClient();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | null = null;
    client
      .watchSyncStatus((next) => {
        if (active) setStatus(next);
      })
      .then((unsub) => {
        if (active) unsubscribe = unsub;
        else unsub();
      })
      .catch((error: unknown) => console.error('useSyncStatus: watch failed', error));
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [client]);
  return status;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of connectivity (navigator.onLine), live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * False while the first sync is still filling the local database: a missing
 * product may simply not have arrived yet, so pages wait instead of saying
 * 'not found'.
 */
export function useCatalogueComplete(): boolean {
  const status = useSyncStatus();
  return status !== null && !isInitialSync(status);
}
