/**
 * The chat for the screens: the page's ChatRuntime (chat-session.ts; <ChatConnector> starts it while a user is
 * signed in). Hooks read the parts of its ChatStore they show, so a typing frame re-renders only the typing line.
 */
import { useSyncExternalStore } from 'react';
import type { ChatRuntime } from './chat-runtime';
import { chatRuntime } from './chat-session';
import type { ChatStatus, PresenceInfo, PresenceKey } from './chat-store';

export function useChat(): ChatRuntime {
  return chatRuntime;
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
