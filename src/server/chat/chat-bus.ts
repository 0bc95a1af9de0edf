/**
 * The chat bus (docs/COMMUNITY.md "Real-time chat"): how the events of the
 * chat socket reach every server instance, so a message stored on one reaches
 * the sockets held by another. Each instance publishes what happened (a new
 * message, someone typing, a user coming online or going away) and delivers
 * what it receives to its own sockets (chat-hub.ts).
 *
 * In-process (this file): one instance, SQLite. PostgreSQL: LISTEN/NOTIFY on
 * the channel `souk_chat` (pg-chat-bus.ts), chosen when the database is
 * PostgreSQL. Delivery is asynchronous in both, and the publisher receives
 * its own events too (like a LISTENing session receives its own NOTIFY).
 */
import type { Message } from '../../domain/community-schemas';

export type ChatEvent =
  | {
      kind: 'message';
      conversationId: number;
      messageId: number;
      /** The stored message; absent when it would not fit a notification (receivers read it by id). */
      message?: Message;
      /** The socket that sent it (already answered), as `<instance>/<socket>`; null for REST. */
      origin: string | null;
    }
  | { kind: 'typing'; conversationId: number; userId: number; isTyping: boolean; origin: string | null }
  /** Sessions of `userId` (null: anyone's) were deleted on `instance`: every other instance rechecks its sockets. */
  | { kind: 'sessions'; instance: string; userId: number | null }
  | {
      kind: 'presence';
      /** The instance whose sockets changed: online counts are kept per instance. */
      instance: string;
      userId: number;
      shopId: number | null;
      online: boolean;
      lastSeen: number | null;
    };

export type ChatListener = (event: ChatEvent) => void;

export interface ChatBus {
  /** Which implementation: 'local' (in-process) or 'postgres' (LISTEN/NOTIFY). */
  readonly kind: 'local' | 'postgres';
  publish(event: ChatEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: ChatListener): () => void;
  close(): Promise<void>;
}

/** Calls every listener; one that throws does not stop the others. */
export function deliver(listeners: Iterable<ChatListener>, event: ChatEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch {
      // Listeners handle their own errors.
    }
  }
}

export function createLocalChatBus(): ChatBus {
  const listeners = new Set<ChatListener>();
  let closed = false;
  return {
    kind: 'local',
    publish(event) {
      if (!closed) queueMicrotask(() => deliver(listeners, event));
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      listeners.clear();
      return Promise.resolve();
    },
  };
}
