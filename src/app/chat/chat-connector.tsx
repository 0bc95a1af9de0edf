/**
 * In the app shell: while a user is signed in, the chat runs (a new user: a new socket; sign-out stops it and
 * forgets typing and presence). Its code (chat-session.ts) is imported only then, so a guest's first route
 * does not download the socket, the connection machine or XState.
 */
import { useEffect } from 'react';
import { useSession } from '../auth/use-session';
import { useDataClient } from '../data/data-context';

export function ChatConnector() {
  const client = useDataClient();
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;

  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./chat-session').then(
      ({ startChatSession }) => {
        if (!cancelled) stop = startChatSession(client);
      },
      (error: unknown) => console.error('chat: its code could not be loaded', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, userId]);

  return null;
}
