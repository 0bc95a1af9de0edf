/**
 * The data worker's sync status, subscribed once for the whole app
 * (SyncStatusProvider) and read anywhere with useSyncStatus(), or in part with
 * useSyncStatusSelector(): a component re-renders only when what it selects
 * changes, not on every pulled batch (sync-status-store.ts).
 */
import { createContext, createElement, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CatalogueMode, SyncStatus } from '../../workers/data-api';
import { useOnline } from '../ui/use-online';
import { useDataClient } from './data-context';
import { isCatalogueAnswerFinal, isCatalogueComplete, isShopListFinal } from './sync-progress';
import { createSyncStatusStore, type SyncStatusStore } from './sync-status-store';

/** Without a provider (a page rendered on its own) the status stays null. */
const SyncStatusContext = createContext<SyncStatusStore>(createSyncStatusStore());

export function SyncStatusProvider({ children }: { children: ReactNode }) {
  const client = useDataClient();
  const [store] = useState(createSyncStatusStore);
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | null = null;
    client
      .watchSyncStatus((next) => {
        if (active) store.set(next);
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
  }, [client, store]);
  return createElement(SyncStatusContext, { value: store }, children);
}

/**
 * A part of the latest sync status (null until the worker first reports); the caller re-renders when it
 * changes (Object.is), so `select` should return a primitive or a value it keeps, not a new object each time.
 */
export function useSyncStatusSelector<T>(select: (status: SyncStatus | null) => T): T {
  const store = use(SyncStatusContext);
  const snapshot = () => select(store.get());
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

const whole = (status: SyncStatus | null) => status;

/** The latest sync status; null until the worker first reports. Re-renders on every report. */
export function useSyncStatus(): SyncStatus | null {
  return useSyncStatusSelector(whole);
}

const answerFinalOnline = (status: SyncStatus | null) => status !== null && isCatalogueAnswerFinal(status, true);
const answerFinalOffline = (status: SyncStatus | null) => status !== null && isCatalogueAnswerFinal(status, false);

/**
 * False until the first sync has filled the local database (also while offline
 * or failing before it finished): a missing product or an empty row may simply
 * not have arrived yet, so pages wait (or, offline, show the offline screen)
 * instead of saying 'not found' or 'nothing here'. In 'viewed' mode (issue 25)
 * true while online once the categories and shops caught up (the worker asks the
 * server for the products), false offline (isCatalogueAnswerFinal).
 */
export function useCatalogueComplete(): boolean {
  const online = useOnline();
  return useSyncStatusSelector(online ? answerFinalOnline : answerFinalOffline);
}

/** Selectors of the parts most readers need. */
export const syncPhase = (status: SyncStatus | null): SyncStatus['phase'] => status?.phase ?? 'starting';
export const lastSyncedAtOf = (status: SyncStatus | null): number | null => status?.lastSyncedAt ?? null;
export const pendingWrites = (status: SyncStatus | null): number => status?.outbox.pending ?? 0;
export const failedWrites = (status: SyncStatus | null): number => status?.outbox.failed ?? 0;
/** How much of the catalogue the device keeps; 'full' until the worker first reports. */
export const catalogueModeOf = (status: SyncStatus | null): CatalogueMode => status?.catalogueMode ?? 'full';

/** The worker has reported, and the catalogue is not complete on this device yet. */
export const catalogueIncomplete = (status: SyncStatus | null) => status !== null && !isCatalogueComplete(status);

/** The worker has reported, and the shops have not caught up yet (sync-progress.ts isShopListFinal). */
export const shopsIncomplete = (status: SyncStatus | null): boolean => status !== null && !isShopListFinal(status);
const shopsFinal = (status: SyncStatus | null): boolean => status !== null && isShopListFinal(status);

/** A shops query's answer is final: 'no shops' is true (sync-progress.ts isShopListFinal). */
export function useShopsComplete(): boolean {
  return useSyncStatusSelector(shopsFinal);
}
