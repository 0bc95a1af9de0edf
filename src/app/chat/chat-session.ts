/**
 * The page's chat (docs/COMMUNITY.md "Real-time chat"): one ChatRuntime over one ChatStore, started for each
 * signed-in session by <ChatConnector> and read by the chat screens (chat-hooks.ts). The socket, the
 * connection machine and the chat's wire schemas live behind this module, which loads on its own chunk when
 * a user is signed in or a chat screen opens: not on the first route of a guest.
 */
import { session } from '../auth/session';
import { apiBases } from '../community/api-bases';
import { ChatSocket } from '../community/chat-socket';
import { messagesApi } from '../community/messages-api';
import type { DataClient } from '../data/data-client';
import { ChatRuntime } from './chat-runtime';
import { ChatStore } from './chat-store';

export const chatRuntime = new ChatRuntime(new ChatStore());

/** Starts the signed-in user's socket; returns the stop (sign-out, another user). */
export function startChatSession(client: DataClient): () => void {
  const socket = new ChatSocket({
    base: () => apiBases()[0] ?? window.location.origin,
    token: () => session.token(),
    WebSocket: window.WebSocket,
  });
  return chatRuntime.start({
    socket,
    unreadCount: messagesApi.unreadCount,
    receive: (message) => client.receiveMessage(message),
    pull: () => client.resync(),
    events: window,
    online: navigator.onLine,
  });
}
