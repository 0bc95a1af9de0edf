/** The address book from GET /api/user/addresses, with retry and local updates after a save or a delete. */
import { useCallback, useEffect, useState } from 'react';
import type { Address } from '../../domain/account';
import { apiRequest } from '../auth/api-client';

export type AddressesState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; addresses: Address[] };

export function useAddresses() {
  const [state, setState] = useState<AddressesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    apiRequest<{ data: Address[] }>('GET', '/api/user/addresses', undefined, { signal: abort.signal }).then(
      (body) => setState({ status: 'ready', addresses: body.data }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const update = useCallback((change: (addresses: Address[]) => Address[]) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', addresses: change(s.addresses) } : s));
  }, []);

  return { state, retry, update };
}
