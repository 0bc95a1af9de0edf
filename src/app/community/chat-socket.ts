/**
 * The chat socket's client (docs/COMMUNITY.md "Real-time chat"), UI-independent.
 *
 *   const socket = new ChatSocket({ base: apiBases()[0], token: () => session.token(), WebSocket });
 *   socket.on('message', (frame) => …);            // also 'typing', 'presence', 'error'
 *   socket.onClose((info) => …);                    // info.unauthorized: the token was refused (4401)
 *   await socket.connect();                         // resolves once open; rejects with a ChatSocketError
 *   socket.join(conversationRoom(12));
 *   socket.sendMessage({ roomId, content, client_ref, post_id: null });
 *   socket.typing(roomId, true);                    // throttled: ≤ one `true` per 3 s, `false` after 5 s idle
 *
 * It opens `ws(s)://<api base>/api/ws?token=<token>` with the given WebSocket constructor (the browser's, or
 * the `ws` package's in Node). Every frame in is checked against chatServerFrameSchema (by chat-frames.ts, its
 * zod-free twin, since the app bundle keeps zod out): what is not JSON or does not match is ignored and counted
 * (`invalidFrames`). Every frame out is checked against chatClientFrameSchema first (a ChatFrameError when it
 * does not match; nothing is sent). The rooms joined are remembered and joined again each time
 * the socket opens, so a reconnect restores them. The socket never reconnects by itself: the chat-connection
 * machine decides when (chat-connection-actors.ts); a close with 4401 means the token was refused, which no
 * retry fixes, and is reported as `unauthorized`.
 */
import type { ChatClientFrame, ChatServerFrame } from '../../domain/community-schemas';
import { chatSocketUrl } from './api-bases';
import { checkChatClientFrame, checkChatServerFrame } from './chat-frames';

/** The close code of a refused token (src/server/chat/chat-socket.ts). */
export const CHAT_CLOSE_UNAUTHORIZED = 4401;
/** At most one `typing: true` per room this often. */
export const TYPING_THROTTLE_MS = 3_000;
/** `typing: false` this long after the last `typing(room, true)`. */
export const TYPING_IDLE_MS = 5_000;

const CONNECTING = 0;
const OPEN = 1;

/** An event handler checked like a method (bivariantly), so the DOM's and the `ws` package's handlers both fit. */
type Handler<E> = { handle(event: E): void }['handle'];

/** What ChatSocket needs of a WebSocket (the browser's and the `ws` package's both fit). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type ChatSocketFailure = 'unauthorized' | 'closed' | 'aborted';

/** Why connect() failed: the token was refused or missing ('unauthorized'), the socket could not open ('closed'), or disconnect()/the signal ('aborted'). */
export class ChatSocketError extends Error {
  readonly reason: ChatSocketFailure;
  readonly code: number | null;

  constructor(reason: ChatSocketFailure, message: string, code: number | null = null) {
    super(message);
    this.name = 'ChatSocketError';
    this.reason = reason;
    this.code = code;
  }
}

/** An outgoing frame that chatClientFrameSchema refuses (a caller's mistake; nothing was sent). */
export class ChatFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatFrameError';
  }
}

type FrameOf<K extends ChatServerFrame['type']> = Extract<ChatServerFrame, { type: K }>;
export type ChatFrameType = ChatServerFrame['type'];
export type ChatFrameListener<K extends ChatFrameType> = (frame: FrameOf<K>) => void;

export interface ChatCloseInfo {
  code: number;
  reason: string;
  /** 4401: the token was refused; reconnecting with it will not help. */
  unauthorized: boolean;
  /** Closed by disconnect(), not by the server or the network. */
  intentional: boolean;
  /** Whether the socket had opened (a lost connection) or not (a failed attempt). */
  wasOpen: boolean;
}

export type ChatSocketState = 'idle' | 'connecting' | 'open' | 'closed';

export interface ChatSocketOptions {
  /** The API base (http(s) origin); the socket is at <base>/api/ws. A function is read at each connect. */
  base: string | (() => string);
  /** The session's bearer token, read at each connect; null: not signed in. */
  token: () => string | null;
  WebSocket: WebSocketConstructor;
  typingThrottleMs?: number;
  typingIdleMs?: number;
  /** Told about each ignored incoming frame (for logs). */
  onInvalidFrame?: (raw: unknown, problem: string) => void;
}

export interface SendMessageInput {
  roomId: string;
  content: string;
  client_ref: string;
  post_id?: number | null;
}

interface TypingState {
  lastTrueAt: number | null;
  idle: ReturnType<typeof setTimeout> | null;
}

interface Attempt {
  ws: WebSocketLike;
  opened: boolean;
  intentional: boolean;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: ChatSocketError) => void;
}

export class ChatSocket {
  private readonly options: ChatSocketOptions;
  private readonly listeners = new Map<ChatFrameType, Set<(frame: ChatServerFrame) => void>>();
  private readonly closeListeners = new Set<(info: ChatCloseInfo) => void>();
  private readonly openListeners = new Set<() => void>();
  private readonly joined = new Set<string>();
  private readonly typingState = new Map<string, TypingState>();
  private current: Attempt | null = null;
  private invalid = 0;

  constructor(options: ChatSocketOptions) {
    this.options = options;
  }

  /** Incoming frames ignored so far (not JSON, or not a chatServerFrameSchema frame). */
  get invalidFrames(): number {
    return this.invalid;
  }

  get state(): ChatSocketState {
    if (this.current === null) return 'idle';
    if (this.current.opened) return this.current.ws.readyState === OPEN ? 'open' : 'closed';
    return 'connecting';
  }

  /** The rooms this socket is in (joined again after each reconnect). */
  get rooms(): readonly string[] {
    return [...this.joined];
  }

  /**
   * Opens the socket (or joins the attempt under way; resolves at once when open). Rejects with a
   * ChatSocketError: 'unauthorized' without a token or on a 4401 close, 'closed' when it could not open,
   * 'aborted' after disconnect() or when the signal fires (which also closes the attempt).
   */
  connect(options: { signal?: AbortSignal } = {}): Promise<void> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new ChatSocketError('aborted', 'Chat connection cancelled.'));
    const live = this.current;
    const reusable = live !== null && !live.intentional && (live.opened ? live.ws.readyState === OPEN : live.ws.readyState === CONNECTING);
    if (live !== null && reusable) return this.withSignal(live, signal);
    const token = this.options.token();
    if (token === null || token === '') return Promise.reject(new ChatSocketError('unauthorized', 'Not signed in.'));
    const base = typeof this.options.base === 'function' ? this.options.base() : this.options.base;

    let resolve!: () => void;
    let reject!: (error: ChatSocketError) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be listening (a reconnect driven elsewhere); an unhandled rejection is not an error here.
    promise.catch(() => undefined);

    let ws: WebSocketLike;
    try {
      ws = new this.options.WebSocket(chatSocketUrl(base, token));
    } catch (error) {
      return Promise.reject(new ChatSocketError('closed', error instanceof Error ? error.message : 'Could not open the chat socket.'));
    }
    const attempt: Attempt = { ws, opened: false, intentional: false, promise, resolve, reject };
    this.current = attempt;
    this.resetTyping();

    ws.onopen = () => {
      if (this.current !== attempt) return;
      attempt.opened = true;
      for (const roomId of this.joined) this.sendFrame({ type: 'join_room', roomId });
      attempt.resolve();
      for (const listener of [...this.openListeners]) listener();
    };
    ws.onmessage = (event) => {
      if (this.current === attempt) this.receive(event.data);
    };
    ws.onerror = () => {
      // The close event that follows says what happened.
    };
    ws.onclose = (event) => {
      if (this.current !== attempt) return;
      const unauthorized = event.code === CHAT_CLOSE_UNAUTHORIZED;
      const info: ChatCloseInfo = { code: event.code, reason: event.reason, unauthorized, intentional: attempt.intentional, wasOpen: attempt.opened };
      this.resetTyping();
      if (!attempt.opened) {
        attempt.reject(
          attempt.intentional
            ? new ChatSocketError('aborted', 'Chat connection cancelled.', event.code)
            : unauthorized
              ? new ChatSocketError('unauthorized', 'The chat refused the session token.', event.code)
              : new ChatSocketError('closed', `The chat socket closed before opening (${event.code}).`, event.code),
        );
      }
      for (const listener of [...this.closeListeners]) listener(info);
    };
    return this.withSignal(attempt, signal);
  }

  /** Closes the socket (code 1000); listeners hear an intentional close. The rooms are kept for the next connect. */
  disconnect(): void {
    const attempt = this.current;
    if (attempt === null) return;
    attempt.intentional = true;
    this.resetTyping();
    if (!attempt.opened) attempt.reject(new ChatSocketError('aborted', 'Chat connection cancelled.'));
    if (attempt.ws.readyState <= OPEN) attempt.ws.close(1000, 'Client closed');
  }

  /** Joins a room now (when open) and again after every reconnect. */
  join(roomId: string): void {
    this.check({ type: 'join_room', roomId });
    this.joined.add(roomId);
    this.sendFrame({ type: 'join_room', roomId });
  }

  /** Leaves a room (and stops re-joining it); a pending `typing: true` is ended first. */
  leave(roomId: string): void {
    this.check({ type: 'leave_room', roomId });
    if (this.typingState.get(roomId)?.lastTrueAt != null) this.sendFrame({ type: 'typing', roomId, isTyping: false });
    this.clearTyping(roomId);
    this.joined.delete(roomId);
    this.sendFrame({ type: 'leave_room', roomId });
  }

  /**
   * Sends a message (the server stores it like POST /api/messages, one per client_ref, and answers with a
   * `message` frame). false: the socket is not open, nothing was sent (send it over REST or later).
   */
  sendMessage(input: SendMessageInput): boolean {
    const message: { content: string; client_ref: string; post_id?: number | null } = { content: input.content, client_ref: input.client_ref };
    if (input.post_id !== undefined && input.post_id !== null) message.post_id = input.post_id;
    return this.sendChecked({ type: 'send_message', roomId: input.roomId, message });
  }

  /**
   * The user is typing (true, on each keystroke) or stopped (false). At most one `typing: true` per room every
   * TYPING_THROTTLE_MS; `typing: false` is sent TYPING_IDLE_MS after the last `true` call, or at once on
   * `false` when a `true` was sent. Returns whether a frame was sent.
   */
  typing(roomId: string, isTyping: boolean): boolean {
    this.check({ type: 'typing', roomId, isTyping });
    const state = this.typingState.get(roomId) ?? { lastTrueAt: null, idle: null };
    if (!isTyping) {
      const wasTyping = state.lastTrueAt !== null;
      this.clearTyping(roomId);
      return wasTyping ? this.sendFrame({ type: 'typing', roomId, isTyping: false }) : false;
    }
    if (state.idle !== null) clearTimeout(state.idle);
    state.idle = setTimeout(() => {
      if (this.typingState.get(roomId) !== state) return;
      this.clearTyping(roomId);
      this.sendFrame({ type: 'typing', roomId, isTyping: false });
    }, this.options.typingIdleMs ?? TYPING_IDLE_MS);
    this.typingState.set(roomId, state);
    const now = Date.now();
    if (state.lastTrueAt !== null && now - state.lastTrueAt < (this.options.typingThrottleMs ?? TYPING_THROTTLE_MS)) return false;
    const sent = this.sendFrame({ type: 'typing', roomId, isTyping: true });
    if (sent) state.lastTrueAt = now;
    return sent;
  }

  /** Listens to one kind of incoming frame; returns the unsubscribe. */
  on<K extends ChatFrameType>(type: K, listener: ChatFrameListener<K>): () => void {
    let set = this.listeners.get(type);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const wrapped = listener as (frame: ChatServerFrame) => void;
    set.add(wrapped);
    return () => void set.delete(wrapped);
  }

  /** Each time the socket opens (after its rooms were joined again). */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => void this.openListeners.delete(listener);
  }

  /** Each time a socket closes or fails to open. */
  onClose(listener: (info: ChatCloseInfo) => void): () => void {
    this.closeListeners.add(listener);
    return () => void this.closeListeners.delete(listener);
  }

  private withSignal(attempt: Attempt, signal: AbortSignal | undefined): Promise<void> {
    if (signal === undefined) return attempt.promise;
    const onAbort = () => {
      if (this.current === attempt && !attempt.opened) this.disconnect();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    return attempt.promise.finally(() => signal.removeEventListener('abort', onAbort));
  }

  private check(frame: unknown): ChatClientFrame {
    const checked = checkChatClientFrame(frame);
    if (!checked.ok) throw new ChatFrameError(checked.problem);
    return checked.value;
  }

  private sendChecked(frame: unknown): boolean {
    return this.sendFrame(this.check(frame));
  }

  private sendFrame(frame: ChatClientFrame): boolean {
    const ws = this.current?.ws;
    if (ws === undefined || ws.readyState !== OPEN || this.current?.intentional) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  private receive(data: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      this.ignore(data, 'not JSON');
      return;
    }
    const frame = checkChatServerFrame(parsed);
    if (!frame.ok) {
      this.ignore(data, frame.problem);
      return;
    }
    for (const listener of [...(this.listeners.get(frame.value.type) ?? [])]) listener(frame.value);
  }

  private ignore(raw: unknown, problem: string): void {
    this.invalid += 1;
    this.options.onInvalidFrame?.(raw, problem);
  }

  private clearTyping(roomId: string): void {
    const state = this.typingState.get(roomId);
    if (state?.idle != null) clearTimeout(state.idle);
    this.typingState.delete(roomId);
  }

  private resetTyping(): void {
    for (const roomId of [...this.typingState.keys()]) this.clearTyping(roomId);
  }
}
