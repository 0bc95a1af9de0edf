/**
 * The stock check machine (src/machines/stock-check.ts) wired to the app: the
 * server endpoint, the local product document from the data worker, the
 * browser's connectivity, and one cache for the whole page. The component
 * passes what to check (null: nothing yet) and reads the view.
 */
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  createStockCache,
  stockCheckMachine,
  type StockResult,
  type StockTarget,
} from '../../machines/stock-check';
import { useDataClient } from '../data/data-context';
import { fetchStockReply } from './stock-api';

/** Spec §9: one stock cache (300 s) for the app, shared by the product page and every quick view. */
const sharedCache = createStockCache();

export interface StockView {
  /** idle: nothing asked; checking: waiting for an answer; done: result is set. */
  phase: 'idle' | 'checking' | 'done';
  result: StockResult | null;
  /** Why the last synced stock is shown instead of the server's. */
  fallbackReason: 'offline' | 'failed' | null;
}

export function selectStockView(snapshot: SnapshotFrom<typeof stockCheckMachine>): StockView {
  const { result, fallbackReason } = snapshot.context;
  if (snapshot.matches('idle')) return { phase: 'idle', result: null, fallbackReason: null };
  const done = snapshot.matches('verified') || snapshot.matches('local') || snapshot.matches('failed');
  return { phase: done ? 'done' : 'checking', result, fallbackReason: done ? fallbackReason : null };
}

export function useStockCheck(target: StockTarget | null): { view: StockView; retry: () => void } {
  const client = useDataClient();
  const machine = useMemo(
    () =>
      stockCheckMachine.provide({
        actors: {
          fetchStock: fromPromise(({ input, signal }: { input: StockTarget; signal: AbortSignal }) =>
            fetchStockReply(input, signal),
          ),
          localProduct: fromPromise(({ input }: { input: { productId: string } }) =>
            client.query({ kind: 'product', id: input.productId }),
          ),
        },
        guards: { isOffline: () => !navigator.onLine },
      }),
    [client],
  );
  const [snapshot, send] = useMachine(machine, { input: { cache: sharedCache } });

  const productId = target?.productId ?? null;
  const variantId = target?.variantId ?? null;
  useEffect(() => {
    if (productId === null) send({ type: 'CLEAR' });
    else send({ type: 'CHECK', productId, variantId });
  }, [send, productId, variantId]);

  useEffect(() => {
    const onOnline = () => send({ type: 'ONLINE' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [send]);

  const retry = useCallback(() => send({ type: 'RETRY' }), [send]);
  return { view: selectStockView(snapshot), retry };
}
