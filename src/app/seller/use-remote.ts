/**
 * One online read of the seller's app: loading, then the answer or the failure, again on retry() or when the
 * key changes. An answer for an older key is dropped (its request is aborted).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

export function useRemote<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // `load` is keyed by `key`: a new function with the same key is the same read.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => abort.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Replaces the answer (a write's reply). */
  const replace = useCallback((update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s)), []);
  return { state, retry, replace };
}
