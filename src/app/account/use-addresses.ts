/**
 * The address book from GET /api/user/addresses, with retry. After a save or
 * a delete the list is updated at once, then read again quietly: the server
 * moves defaults itself (deleting or moving the default promotes another), and
 * the session user's default shipping and billing addresses are refreshed too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address, User } from '../../domain/account';
import { apiRequest } from '../auth/api-client';
import { setSessionUser } from '../auth/use-session';

export type AddressesState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; addresses: Address[] };

const fetchAddresses = (signal?: AbortSignal) =>
  apiRequest<{ data: Address[] }>('GET', '/api/user/addresses', undefined, { signal }).then((body) => body.data);

export function useAddresses() {
  const [state, setState] = useState<AddressesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    fetchAddresses(abort.signal).then(
      (addresses) => setState({ status: 'ready', addresses }),
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

  /** Applies a change locally, then reads the list (and the user's defaults) again; a failed re-read keeps the local list. */
  const update = useCallback((change: (addresses: Address[]) => Address[]) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', addresses: change(s.addresses) } : s));
    fetchAddresses().then(
      (addresses) => {
        if (mounted.current) setState({ status: 'ready', addresses });
      },
      () => undefined,
    );
    apiRequest<{ user: User }>('GET', '/api/user/profile').then(
      (body) => setSessionUser(body.user),
      () => undefined,
    );
  }, []);

  return { state, retry, update };
}
