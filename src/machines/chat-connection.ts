/**
 * The chat socket's connection (docs/COMMUNITY.md "Real-time chat") as a
 * state machine, in two parallel regions:
 *
 * connection:  disconnected ──CONNECT / ONLINE──▶ connecting ──connect done──▶ connected
 *                   ▲                                │  ▲                          │
 *                   │                     connect    │  │ after 2, 4, 8, 16, 30 s  │ CONNECTION_LOST
 *                   │                     failed     ▼  │                          ▼
 *                   └──── 5 attempts used ◀───────── error ◀──────────────────────┘
 *
 *   After an error it reconnects up to CHAT_MAX_RECONNECT_ATTEMPTS (5) times, attempt n after
 *   chatReconnectDelayMs(n) (2, 4, 8, 16, 30 s), as delayed transitions; when the 5th fails it stops in
 *   `disconnected` until the browser is back online (ONLINE, which starts again with fresh attempts).
 *   A successful connection resets the attempts. DISCONNECT (logout, leaving the chat) stops everything.
 *
 * unread:  while not connected, the unread count is polled (the `pollUnread` actor) every 30 s; asks
 *   (entering a not-connected state, POLL_UNREAD on focus or a page change) are debounced 300 ms and
 *   polls are at least 5 s apart. Connected: no polling (the socket brings messages).
 *
 * `connect` is the UI's actor: a promise that resolves once the socket is open (fromPromise), or a
 * callback actor that sends back CONNECTED / CONNECTION_FAILED. When an open socket closes, the UI sends
 * CONNECTION_LOST. Both actors are injected with .provide(), so the machine runs headless with fake timers.
 */
import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import { CHAT_MAX_RECONNECT_ATTEMPTS, chatReconnectDelayMs, UNREAD_POLL_DEBOUNCE_MS, UNREAD_POLL_INTERVAL_MS, UNREAD_POLL_MIN_GAP_MS } from '../domain/community';

export interface ChatConnectionContext {
  /** Reconnect attempts made since the last successful connection (0–5). */
  attempts: number;
  /** What the last failure was (the connect actor's error, or the lost connection's reason). */
  error: unknown;
  /** When the last unread poll started (epoch ms), or null. */
  lastPollAt: number | null;
  /** The unread count from the last successful poll, or null before one. */
  unreadCount: number | null;
}

export type ChatConnectionEvent =
  | { type: 'CONNECT' }
  | { type: 'DISCONNECT' }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** From a callback `connect` actor: the socket is open / could not open. */
  | { type: 'CONNECTED' }
  | { type: 'CONNECTION_FAILED'; error?: unknown }
  /** From the UI: the open socket closed. */
  | { type: 'CONNECTION_LOST'; error?: unknown }
  /** Ask for an unread poll now (debounced; ignored while connected). */
  | { type: 'POLL_UNREAD' };

/** What pollUnread resolves to: the unread count, or the unread-count answer itself. */
export type UnreadPollResult = number | { unread_count: number };

const notProvided = (what: string) => () => Promise.reject(new Error(`chat connection: ${what} not provided`));

const connectedNode = '#chatConnection.connection.connected';

export const chatConnectionMachine = setup({
  types: {
    context: {} as ChatConnectionContext,
    events: {} as ChatConnectionEvent,
  },
  actors: {
    connect: fromPromise<unknown, { attempt: number }>(notProvided('connect')),
    pollUnread: fromPromise<UnreadPollResult, { lastPollAt: number | null }>(notProvided('pollUnread')),
  },
  delays: {
    reconnectDelay: ({ context }) => chatReconnectDelayMs(context.attempts + 1),
    pollDebounce: UNREAD_POLL_DEBOUNCE_MS,
    pollInterval: UNREAD_POLL_INTERVAL_MS,
    pollGapLeft: ({ context }) => (context.lastPollAt === null ? 0 : Math.max(0, context.lastPollAt + UNREAD_POLL_MIN_GAP_MS - Date.now())),
  },
  guards: {
    attemptsExhausted: ({ context }) => context.attempts >= CHAT_MAX_RECONNECT_ATTEMPTS,
    pollTooSoon: ({ context }) => context.lastPollAt !== null && Date.now() - context.lastPollAt < UNREAD_POLL_MIN_GAP_MS,
    isConnected: stateIn(connectedNode),
  },
  actions: {
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    clearError: assign({ error: null }),
    assignError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    markPoll: assign({ lastPollAt: () => Date.now() }),
    assignUnread: assign({
      unreadCount: ({ event, context }) => {
        const output = (event as { output?: UnreadPollResult }).output;
        if (typeof output === 'number') return output;
        if (typeof output === 'object' && output !== null && typeof output.unread_count === 'number') return output.unread_count;
        return context.unreadCount;
      },
    }),
  },
}).createMachine({
  id: 'chatConnection',
  type: 'parallel',
  context: { attempts: 0, error: null, lastPollAt: null, unreadCount: null },
  states: {
    connection: {
      initial: 'disconnected',
      on: {
        DISCONNECT: { target: '.disconnected', actions: 'resetAttempts' },
      },
      states: {
        disconnected: {
          on: {
            CONNECT: { target: 'connecting', actions: ['resetAttempts', 'clearError'] },
            ONLINE: { target: 'connecting', actions: ['resetAttempts', 'clearError'] },
          },
        },
        connecting: {
          invoke: {
            src: 'connect',
            input: ({ context }) => ({ attempt: context.attempts }),
            onDone: { target: 'connected' },
            onError: { target: 'error', actions: 'assignError' },
          },
          on: {
            CONNECTED: { target: 'connected' },
            CONNECTION_FAILED: { target: 'error', actions: 'assignError' },
            OFFLINE: { target: 'disconnected' },
          },
        },
        connected: {
          entry: ['resetAttempts', 'clearError'],
          on: {
            CONNECTION_LOST: { target: 'error', actions: 'assignError' },
          },
        },
        error: {
          always: { guard: 'attemptsExhausted', target: 'disconnected' },
          after: {
            reconnectDelay: { target: 'connecting', actions: 'countAttempt' },
          },
          on: {
            ONLINE: { target: 'connecting', actions: 'resetAttempts' },
            OFFLINE: { target: 'disconnected' },
          },
        },
      },
    },
    unread: {
      initial: 'off',
      states: {
        off: {
          always: { guard: not('isConnected'), target: 'debouncing' },
        },
        debouncing: {
          always: { guard: 'isConnected', target: 'off' },
          after: {
            pollDebounce: [{ guard: 'pollTooSoon', target: 'throttled' }, { target: 'polling' }],
          },
          on: { POLL_UNREAD: { target: 'debouncing', reenter: true } },
        },
        throttled: {
          always: { guard: 'isConnected', target: 'off' },
          after: { pollGapLeft: { target: 'polling' } },
        },
        polling: {
          entry: 'markPoll',
          invoke: {
            src: 'pollUnread',
            input: ({ context }) => ({ lastPollAt: context.lastPollAt }),
            onDone: { target: 'waiting', actions: 'assignUnread' },
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          always: { guard: 'isConnected', target: 'off' },
          after: { pollInterval: { target: 'polling' } },
          on: { POLL_UNREAD: { target: 'debouncing' } },
        },
      },
    },
  },
});

/** The connection region's state: 'disconnected' | 'connecting' | 'connected' | 'error'. */
export function connectionStatus(value: unknown): 'disconnected' | 'connecting' | 'connected' | 'error' {
  const v = (value as { connection?: unknown } | null)?.connection;
  return v === 'connecting' || v === 'connected' || v === 'error' ? v : 'disconnected';
}
