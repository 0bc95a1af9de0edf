/**
 * Tells the data worker the current session (DataApi.setSession): the bearer
 * token at start and after every change (sign in, sign out, expiry, another
 * tab's logout), so the follows replication and the outbox run with the user's
 * token, and stop without one. Renders nothing; mounted inside the DataClientProvider.
 */
import { useEffect } from 'react';
import { session } from '../auth/session';
import { useDataClient } from './data-context';

export function SessionBridge(): null {
  const client = useDataClient();
  useEffect(() => {
    let last: string | null | undefined;
    const push = () => {
      const token = session.token();
      if (token === last) return;
      last = token;
      client.setSession(token).catch((error: unknown) => console.error('The data worker did not take the session', error));
    };
    push();
    return session.subscribe(push);
  }, [client]);
  return null;
}
