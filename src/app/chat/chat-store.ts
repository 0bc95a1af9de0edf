/**
 * What the chat socket says that the screens show, outside React so components subscribe to the part they need
 * (useSyncExternalStore): the connection's status, who is typing in each room, and who is online.
 *
 * - Typing: a `typing` frame {roomId, userId, isTyping} starts or ends a typist. The sender's socket says
 *   `false` after 5 s idle, but a closed socket never does: a start also ends by itself after `typingTtlMs`
 *   (8 s) without a newer start.
 * - Presence: `presence` frames {userId, shopId, online, last_seen} are kept by user and by shop (a seller's frame
 *   names their shop, so a buyer looks the shop up); a REST answer (otherUser) seeds an entry, but never
 *   overrides a frame that came after the request was made.
 *
 * Snapshots are immutable and replaced on change, so an unchanged part keeps its identity (no re-render).
 */
import type { ChatServerFrame } from '../../domain/community-schemas';

export type ChatStatus = 'off' | 'disconnected' | 'connecting' | 'connected' | 'error';

export interface PresenceInfo {
  online: boolean;
  last_seen: number | null;
  /** When it was learnt (ms, this device's clock). */
  at: number;
}

export type PresenceKey = { userId: number } | { shopId: number };

export interface StoreClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: StoreClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A typist is forgotten this long after their last start (their stop may never come). */
export const TYPING_TTL_MS = 8_000;

const NOBODY: readonly number[] = Object.freeze([]);

const keyOf = (key: PresenceKey): string => ('userId' in key ? `u:${key.userId}` : `s:${key.shopId}`);

type TypingFrame = Extract<ChatServerFrame, { type: 'typing' }>;
type PresenceFrame = Extract<ChatServerFrame, { type: 'presence' }>;

export class ChatStore {
  private readonly listeners = new Set<() => void>();
  private status: ChatStatus = 'off';
  private readonly typists = new Map<string, readonly number[]>();
  private readonly typingTimers = new Map<string, unknown>();
  private readonly presence = new Map<string, PresenceInfo>();

  constructor(
    private readonly clock: StoreClock = systemClock,
    private readonly typingTtlMs: number = TYPING_TTL_MS,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getStatus = (): ChatStatus => this.status;

  setStatus(status: ChatStatus): void {
    if (status === this.status) return;
    this.status = status;
    if (status !== 'connected') this.clearTyping();
    this.emit();
  }

  /** The users typing in a room (the same array until it changes). */
  typingIn(roomId: string): readonly number[] {
    return this.typists.get(roomId) ?? NOBODY;
  }

  applyTyping(frame: Pick<TypingFrame, 'roomId' | 'userId' | 'isTyping'>): void {
    const { roomId, userId, isTyping } = frame;
    const timerKey = `${roomId}|${userId}`;
    const timer = this.typingTimers.get(timerKey);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.typingTimers.delete(timerKey);
    if (isTyping) this.typingTimers.set(timerKey, this.clock.setTimeout(() => this.applyTyping({ roomId, userId, isTyping: false }), this.typingTtlMs));
    const now = this.typingIn(roomId);
    const has = now.includes(userId);
    if (has === isTyping) return;
    const next = isTyping ? [...now, userId] : now.filter((id) => id !== userId);
    if (next.length === 0) this.typists.delete(roomId);
    else this.typists.set(roomId, Object.freeze(next));
    this.emit();
  }

  presenceOf(key: PresenceKey): PresenceInfo | null {
    return this.presence.get(keyOf(key)) ?? null;
  }

  applyPresence(frame: Pick<PresenceFrame, 'userId' | 'shopId' | 'online' | 'last_seen'>): void {
    const info: PresenceInfo = { online: frame.online, last_seen: frame.last_seen, at: this.clock.now() };
    this.presence.set(keyOf({ userId: frame.userId }), info);
    if (frame.shopId !== null) this.presence.set(keyOf({ shopId: frame.shopId }), info);
    this.emit();
  }

  /** What a REST answer said, learnt by a request made at `askedAt`: kept unless a frame came since. */
  seedPresence(key: PresenceKey, presence: { online: boolean; last_seen: number | null }, askedAt: number): void {
    const current = this.presence.get(keyOf(key));
    if (current !== undefined && current.at > askedAt) return;
    if (current !== undefined && current.online === presence.online && current.last_seen === presence.last_seen) return;
    this.presence.set(keyOf(key), { online: presence.online, last_seen: presence.last_seen, at: this.clock.now() });
    this.emit();
  }

  /** Signed out: nothing of the last session stays. */
  reset(): void {
    this.clearTyping();
    this.presence.clear();
    this.status = 'off';
    this.emit();
  }

  private clearTyping(): void {
    for (const timer of this.typingTimers.values()) this.clock.clearTimeout(timer);
    this.typingTimers.clear();
    this.typists.clear();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
