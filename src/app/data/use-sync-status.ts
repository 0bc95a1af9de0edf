/**
 * The data worker's sync status, subscribed once for the whole app
 * (SyncStatusProvider) and read anywhere with useSyncStatus().
 */
import { createContext, createElement, use, useEffect, useState, type ReactNode } from 'react';
import type { SyncStatus } from '../../workers/data-api';
import { useDataClient } from './data-context';
import { isCatalogueComplete } from './sync-progress';

const SyncStatusContext = createContext<SyncStatus | null>(null);

export function SyncStatusProvider({ children }: { children: ReactNode }) {
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
      .catch((error: unknown) => console.error('watchSyncStatus failed', error));
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [client]);
  return createElement(SyncStatusContext, { value: status }, children);
}

/** The latest sync status; null until the worker first reports. */
export function useSyncStatus(): SyncStatus | null {
  return use(SyncStatusContext);
}

/**
 * False until the first sync has filled the local database (also while offline
 * or failing before it finished): a missing product or an empty row may simply
 * not have arrived yet, so pages wait (or, offline, show the offline screen)
 * instead of saying 'not found' or 'nothing here'.
 */
export function useCatalogueComplete(): boolean {
  const status = useSyncStatus();
  return status !== null && isCatalogueComplete(status);
}
