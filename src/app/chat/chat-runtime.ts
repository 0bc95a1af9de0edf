/**
 * One signed-in session's chat (docs/COMMUNITY.md "Real-time chat"): a ChatSocket driven by the chat-connection
 * machine (startChatConnection: reconnects after 2, 4, 8, 16, 30 s, stops after 5 until the browser is online
 * again, polls the unread count while not connected), fed with the browser's online/offline events. What comes
 * in goes to the data worker (`message` frames and polled new messages → receiveMessage; a poll with news also
 * pulls the personal collections, which bring the conversation and its unread count) and to the ChatStore
 * (status, typing, presence). The screens join rooms and send typing through it; messages are never sent on the
 * socket: they go through the outbox (sendMessage), and the server broadcasts them to the room.
 *
 *   const runtime = new ChatRuntime(new ChatStore());
 *   const stop = runtime.start({ socket, unreadCount, receive, pull, events: window });   // at sign-in
 *   const leave = runtime.join(conversationRoom(12));                              // while a thread is open
 *   stop();                                                                         // at sign-out
 */
import type { Message } from '../../domain/community-schemas';
import { connectionStatus } from '../../machines/chat-connection';
import { startChatConnection, type ChatConnection, type ChatConnectionDeps } from '../community/chat-connection-actors';
import type { ChatSocket } from '../community/chat-socket';
import type { ChatStore } from './chat-store';

/** What the runtime uses of a ChatSocket. */
export type ChatSocketUse = Pick<ChatSocket, 'connect' | 'disconnect' | 'onClose' | 'on' | 'join' | 'leave' | 'typing'>;

/** Where the online/offline/focus events come from (window). */
export interface ChatEventSource {
  addEventListener(type: 'online' | 'offline' | 'focus', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline' | 'focus', listener: () => void): void;
}

export interface ChatStartDeps {
  socket: ChatSocketUse;
  unreadCount: ChatConnectionDeps['unreadCount'];
  /** Stores a message in the local database (DataApi.receiveMessage). */
  receive: (message: Message) => Promise<void>;
  /**
   * Pulls the personal collections now (DataApi.resync): after a poll with news, so a message in a new
   * conversation gets its conversation and the unread counts follow (receiveMessage stores the message only).
   */
  pull: () => Promise<void>;
  events: ChatEventSource;
  /** Whether the browser is online now (navigator.onLine): connect at once, or wait for `online`. */
  online: boolean;
}

export class ChatRuntime {
  private socket: ChatSocketUse | null = null;
  private connection: ChatConnection | null = null;
  /** Rooms the open screens asked for, with how many ask (two views of one thread share it). */
  private readonly rooms = new Map<string, number>();
  private stopCurrent: (() => void) | null = null;

  constructor(readonly store: ChatStore) {}

  /** Starts the session's socket and machine; returns the stop (sign-out). One session at a time. */
  start(deps: ChatStartDeps): () => void {
    this.stop();
    const { socket, events } = deps;
    const receive = (message: Message) => {
      deps.receive(message).catch((error: unknown) => console.error('chat: storing a received message failed', error));
    };
    const offFrames = [
      socket.on('message', (frame) => receive(frame.message)),
      socket.on('typing', (frame) => this.store.applyTyping(frame)),
      socket.on('presence', (frame) => this.store.applyPresence(frame)),
      socket.on('error', (frame) => console.warn('chat: the server refused a frame', frame.code, frame.message)),
    ];
    const connection = startChatConnection({
      socket,
      unreadCount: deps.unreadCount,
      onNewMessages: (messages) => messages.forEach(receive),
      onNews: () => {
        deps.pull().catch((error: unknown) => console.error('chat: pulling after an unread poll failed', error));
      },
      onUnauthorized: () => console.warn('chat: the session token was refused; the chat stays disconnected'),
    });
    const subscription = connection.actor.subscribe((snapshot) => this.store.setStatus(connectionStatus(snapshot.value)));
    this.store.setStatus(connectionStatus(connection.actor.getSnapshot().value));
    const onOnline = () => connection.actor.send({ type: 'ONLINE' });
    const onOffline = () => connection.actor.send({ type: 'OFFLINE' });
    const onFocus = () => connection.actor.send({ type: 'POLL_UNREAD' });
    events.addEventListener('online', onOnline);
    events.addEventListener('offline', onOffline);
    events.addEventListener('focus', onFocus);
    this.socket = socket;
    this.connection = connection;
    for (const roomId of this.rooms.keys()) socket.join(roomId);
    if (deps.online) connection.actor.send({ type: 'CONNECT' });

    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      events.removeEventListener('online', onOnline);
      events.removeEventListener('offline', onOffline);
      events.removeEventListener('focus', onFocus);
      for (const off of offFrames) off();
      subscription.unsubscribe();
      connection.stop();
      if (this.connection === connection) {
        this.connection = null;
        this.socket = null;
        this.store.reset();
      }
    };
    this.stopCurrent = stop;
    return stop;
  }

  /** Joins a room while a screen shows it (again after each reconnect); returns the leave. */
  join(roomId: string): () => void {
    const count = this.rooms.get(roomId) ?? 0;
    this.rooms.set(roomId, count + 1);
    if (count === 0) this.socket?.join(roomId);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.rooms.get(roomId) ?? 1) - 1;
      if (now > 0) {
        this.rooms.set(roomId, now);
        return;
      }
      this.rooms.delete(roomId);
      this.socket?.leave(roomId);
    };
  }

  /** The user is typing in a room (true on each keystroke) or stopped; the socket throttles. */
  typing(roomId: string, isTyping: boolean): void {
    if (this.socket === null || !this.rooms.has(roomId)) return;
    this.socket.typing(roomId, isTyping);
  }

  /** Try again now (after the reconnect attempts ran out, or when the user asks). */
  reconnect(): void {
    this.connection?.actor.send({ type: 'CONNECT' });
  }

  /** Asks for an unread poll now (ignored while connected). */
  pollUnread(): void {
    this.connection?.actor.send({ type: 'POLL_UNREAD' });
  }

  stop(): void {
    this.stopCurrent?.();
    this.stopCurrent = null;
  }
}
