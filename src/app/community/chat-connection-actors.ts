/**
 * The chat-connection machine (src/machines/chat-connection.ts) on a real ChatSocket and the messages API.
 *
 * - `connect` (fromPromise, as the machine declares it): opens the socket, resolves once open. Leaving
 *   `connecting` (OFFLINE, DISCONNECT) aborts the attempt, which closes the half-open socket.
 * - `pollUnread` (fromPromise): GET /api/v1/buyer/messages/unread-count; `last_checked` is the server's
 *   `current_timestamp` of the previous poll (server clock, so nothing is missed between polls), none the first
 *   time. The new messages of each answer go to `onNewMessages`, and an answer with news (has_new or new
 *   messages) calls `onNews`: the app pulls the personal collections then, since a stored message alone neither
 *   creates its conversation nor counts it unread.
 *
 * The machine's invocation of `connect` ends when it reaches `connected`, so the socket's later close cannot be
 * reported by that actor: bindChatSocket listens to the socket and sends CONNECTION_LOST {error: 'closed <code>'}
 * when an open socket closes. A 4401 close (the token was refused) is not retried: it records
 * error 'unauthorized' (CONNECTION_FAILED or CONNECTION_LOST, whichever the state takes), sends DISCONNECT (the
 * machine then waits for CONNECT or ONLINE) and calls `onUnauthorized`. When the machine goes to
 * `disconnected` (DISCONNECT, logout), the socket is closed.
 *
 *   const chat = startChatConnection({ socket, unreadCount: messagesApi.unreadCount });
 *   chat.actor.send({ type: 'CONNECT' });
 *   …
 *   chat.stop();
 */
import { createActor, fromPromise, type Actor } from 'xstate';
import type { Message } from '../../domain/community-schemas';
import { chatConnectionMachine, connectionStatus, type ChatConnectionEvent, type UnreadPollResult } from '../../machines/chat-connection';
import type { ChatCloseInfo } from './chat-socket';
import type { CallOptions, UnreadCountAnswer } from './messages-api';

/** What the actors need of a ChatSocket. */
export interface ChatSocketPort {
  connect(options?: { signal?: AbortSignal }): Promise<void>;
  disconnect(): void;
  onClose(listener: (info: ChatCloseInfo) => void): () => void;
}

export interface ChatConnectionDeps {
  socket: ChatSocketPort;
  /** messagesApi.unreadCount (or a stand-in). */
  unreadCount: (lastChecked: number | null, options?: CallOptions) => Promise<UnreadCountAnswer>;
  /** The messages a poll found after the previous one (server order). */
  onNewMessages?: (messages: Message[]) => void;
  /** A poll answered that there is something new (has_new, or new messages): after onNewMessages. */
  onNews?: () => void;
  /** The socket's token was refused (4401); the machine has stopped. */
  onUnauthorized?: () => void;
}

/** The error recorded in the machine's context when the token was refused. */
export const UNAUTHORIZED = 'unauthorized';

export function chatConnectionActors(deps: Pick<ChatConnectionDeps, 'socket' | 'unreadCount' | 'onNewMessages' | 'onNews'>) {
  let lastChecked: number | null = null;
  return {
    connect: fromPromise<unknown, { attempt: number }>(({ signal }) => deps.socket.connect({ signal })),
    pollUnread: fromPromise<UnreadPollResult, { lastPollAt: number | null }>(async ({ signal }) => {
      const answer = await deps.unreadCount(lastChecked, { signal });
      lastChecked = answer.current_timestamp;
      if (answer.new_messages.length > 0) deps.onNewMessages?.(answer.new_messages);
      if (answer.has_new || answer.new_messages.length > 0) deps.onNews?.();
      return { unread_count: answer.unread_count };
    }),
  };
}

/** The machine with the real actors provided. */
export function chatConnectionMachineFor(deps: Pick<ChatConnectionDeps, 'socket' | 'unreadCount' | 'onNewMessages' | 'onNews'>) {
  return chatConnectionMachine.provide({ actors: chatConnectionActors(deps) });
}

interface MachineRef {
  send(event: ChatConnectionEvent): void;
  subscribe(observer: (snapshot: { value: unknown }) => void): { unsubscribe(): void };
}

/** Reports the socket's closes to the machine and closes the socket when the machine disconnects. Returns the unbind. */
export function bindChatSocket(actor: MachineRef, socket: ChatSocketPort, onUnauthorized?: () => void): () => void {
  const offClose = socket.onClose((info) => {
    if (info.intentional) return;
    if (info.unauthorized) {
      actor.send({ type: 'CONNECTION_FAILED', error: UNAUTHORIZED });
      actor.send({ type: 'CONNECTION_LOST', error: UNAUTHORIZED });
      actor.send({ type: 'DISCONNECT' });
      onUnauthorized?.();
      return;
    }
    // A socket that never opened: the connect actor's rejection already moved the machine on.
    if (info.wasOpen) actor.send({ type: 'CONNECTION_LOST', error: `closed ${info.code}` });
  });
  let previous = 'disconnected';
  const subscription = actor.subscribe((snapshot) => {
    const status = connectionStatus(snapshot.value);
    if (status === 'disconnected' && previous !== 'disconnected') socket.disconnect();
    previous = status;
  });
  return () => {
    offClose();
    subscription.unsubscribe();
  };
}

export interface ChatConnection {
  actor: Actor<ReturnType<typeof chatConnectionMachineFor>>;
  /** Unbinds, stops the machine and closes the socket. */
  stop(): void;
}

/** Creates, binds and starts the machine (in `disconnected`: send CONNECT to open the socket). */
export function startChatConnection(deps: ChatConnectionDeps): ChatConnection {
  const actor = createActor(chatConnectionMachineFor(deps));
  const unbind = bindChatSocket(actor, deps.socket, deps.onUnauthorized);
  actor.start();
  return {
    actor,
    stop() {
      unbind();
      actor.stop();
      deps.socket.disconnect();
    },
  };
}
