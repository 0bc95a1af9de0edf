/**
 * The chat for the screens: <ChatProvider> (in the app shell) owns one ChatRuntime and starts it while a user is
 * signed in (a new user: a new socket; sign-out stops it and forgets typing and presence). Hooks read the parts
 * of its ChatStore they show, so a typing frame re-renders only the typing line.
 */
import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { session } from '../auth/session';
import { useSession } from '../auth/use-session';
import { apiBases } from '../community/api-bases';
import { ChatSocket } from '../community/chat-socket';
import { messagesApi } from '../community/messages-api';
import { useDataClient } from '../data/data-context';
import { ChatRuntime } from './chat-runtime';
import { ChatStore, type ChatStatus, type PresenceInfo, type PresenceKey } from './chat-store';

const ChatContext = createContext<ChatRuntime | null>(null);

export function ChatProvider({ children }: { children: ReactNode }) {
  const client = useDataClient();
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const [runtime] = useState(() => new ChatRuntime(new ChatStore()));

  useEffect(() => {
    if (userId === null) return;
    const socket = new ChatSocket({
      base: () => apiBases()[0] ?? window.location.origin,
      token: () => session.token(),
      WebSocket: window.WebSocket,
    });
    return runtime.start({
      socket,
      unreadCount: messagesApi.unreadCount,
      receive: (message) => client.receiveMessage(message),
      pull: () => client.resync(),
      events: window,
      online: navigator.onLine,
    });
  }, [runtime, client, userId]);

  return <ChatContext value={runtime}>{children}</ChatContext>;
}

export function useChat(): ChatRuntime {
  const runtime = use(ChatContext);
  if (!runtime) throw new Error('useChat needs a <ChatProvider> above it');
  return runtime;
}

/** The socket's connection: 'off' when signed out. */
export function useChatStatus(): ChatStatus {
  const { store } = useChat();
  return useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
}

const NOBODY: readonly number[] = [];

/** Who is typing in a room (user ids), or nobody without a room. */
export function useTyping(roomId: string | null): readonly number[] {
  const { store } = useChat();
  const read = () => (roomId === null ? NOBODY : store.typingIn(roomId));
  return useSyncExternalStore(store.subscribe, read, read);
}

/** What is known of someone's presence (by user, or by shop for its seller), null when nothing is. */
export function usePresence(key: PresenceKey | null): PresenceInfo | null {
  const { store } = useChat();
  const read = () => (key === null ? null : store.presenceOf(key));
  return useSyncExternalStore(store.subscribe, read, read);
}
