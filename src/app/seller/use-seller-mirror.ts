/**
 * The seller's app reads the seller's mirror in the data worker (docs/SELLERS.md "Offline"): useSellerData is
 * useData for the mirror's queries; useSellerMirrorRefresh (once per page) asks the worker to fetch the mirror
 * when the page opens and when the network comes back (the worker also does after each accepted seller write).
 * Offline the mirror answers as it was last fetched.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DataQuery, SellerMirrorRefresh } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { useOnline } from '../ui/use-online';

type SellerQuery = Extract<DataQuery, { kind: 'sellerShop' | 'sellerProducts' | 'sellerOrders' }>;

/** How the page's last ask ended (null: under way), and asking again. */
export interface SellerMirrorRefreshState {
  result: SellerMirrorRefresh | null;
  retry: () => void;
}

export function useSellerMirrorRefresh(): SellerMirrorRefreshState {
  const client = useDataClient();
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<SellerMirrorRefresh | null>(null);
  useEffect(() => {
    let active = true;
    setResult(null);
    client.refreshSellerMirror().then(
      (r) => {
        if (active) setResult(r);
      },
      (error: unknown) => {
        console.error('seller: mirror refresh failed', error);
        if (active) setResult('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [client, online, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result, retry };
}

export function useSellerData<Q extends SellerQuery>(query: Q | null) {
  return useData(query, { keepPrevious: true });
}

/**
 * What a page shows of a mirror read: loading (no answer yet, or never fetched and a fetch under way or waiting for
 * the session), ready (a copy is there, fetched now or before), never (offline and never fetched: the saved-copy note
 * says so), error (never fetched and the fetch failed: retry).
 */
export function mirrorPhase(view: { savedAt: number | null } | undefined, result: SellerMirrorRefresh | null): 'loading' | 'ready' | 'never' | 'error' {
  if (view === undefined) return 'loading';
  if (view.savedAt !== null) return 'ready';
  if (result === null) return 'loading';
  // fetched: the live read has not caught up yet; signed_out: the worker fetches once the session reaches it.
  return result === 'offline' ? 'never' : result === 'failed' ? 'error' : 'loading';
}
