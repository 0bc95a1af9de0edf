/**
 * The sync centre's figures on the stored catalogue (issue 25): the worker's CatalogueStorage (products stored,
 * the mode, what keeping the whole catalogue would cost) and the space the origin uses on the device
 * (navigator.storage.estimate(), null where the browser does not say). Read when the page opens and again after
 * every sync status report, one read at a time: reports that come while one runs make one more read after it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CatalogueStorage } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { useSyncStatus } from '../data/use-sync-status';

export interface CatalogueFigures {
  storage: CatalogueStorage;
  /** Bytes this origin uses on the device (IndexedDB, caches…), when the browser says. */
  usageBytes: number | null;
}

async function originUsage(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !('storage' in navigator) || typeof navigator.storage.estimate !== 'function') return null;
  try {
    const { usage } = await navigator.storage.estimate();
    return typeof usage === 'number' ? usage : null;
  } catch {
    return null;
  }
}

export function useCatalogueStorage(): { figures: CatalogueFigures | null; failed: boolean; refresh: () => void } {
  const client = useDataClient();
  const status = useSyncStatus();
  const [figures, setFigures] = useState<CatalogueFigures | null>(null);
  const [failed, setFailed] = useState(false);
  const mounted = useRef(true);
  const running = useRef(false);
  const again = useRef(false);

  const refresh = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    const read = async () => {
      do {
        again.current = false;
        try {
          const [storage, usageBytes] = await Promise.all([client.catalogueStorage(), originUsage()]);
          if (mounted.current) {
            setFigures({ storage, usageBytes });
            setFailed(false);
          }
        } catch (error) {
          console.error('sync centre: catalogue storage unreadable', error);
          if (mounted.current) setFailed(true);
        }
      } while (again.current && mounted.current);
      running.current = false;
    };
    void read();
  }, [client]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Every report of the worker (a pulled batch, a mode change, online/offline) may change the figures.
  useEffect(() => {
    refresh();
  }, [refresh, status]);

  return { figures, failed, refresh };
}
