/**
 * The chat's screen state (src/app/chat/chat-store.ts) with a fake clock: typists come and go with typing
 * frames and are forgotten 8 s after their last start when no stop comes; presence by user and by shop, a REST
 * answer not overriding a newer frame; unchanged parts keep their identity (no re-render); reset forgets all.
 */
import { describe, expect, it, vi } from 'vitest';
import { REFUSAL_KEYS, entryOfMessage, refusalKey, refusalTextKey } from '../../src/app/chat/chat-refusal';
import { ChatStore, TYPING_TTL_MS, type StoreClock } from '../../src/app/chat/chat-store';
import type { OutboxEntry } from '../../src/workers/data-api';

function fakeClock() {
  let now = 1_000;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: StoreClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      timers.delete(id);
      t.run();
    }
  };
  return { clock, advance, pending: () => timers.size };
}

describe('typing', () => {
  it('a start shows the typist, a stop hides them; other rooms are not touched', () => {
    const { clock } = fakeClock();
    const store = new ChatStore(clock);
    const listener = vi.fn();
    store.subscribe(listener);
    const quiet = store.typingIn('conv:2');
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    expect(store.typingIn('conv:1')).toEqual([5]);
    expect(store.typingIn('conv:2')).toBe(quiet);
    const snapshot = store.typingIn('conv:1');
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    expect(store.typingIn('conv:1')).toBe(snapshot);
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: false });
    expect(store.typingIn('conv:1')).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('without a stop, a typist is forgotten TYPING_TTL_MS after their last start', () => {
    const { clock, advance, pending } = fakeClock();
    const store = new ChatStore(clock);
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    advance(TYPING_TTL_MS - 1_000);
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    advance(TYPING_TTL_MS - 1);
    expect(store.typingIn('conv:1')).toEqual([5]);
    advance(1);
    expect(store.typingIn('conv:1')).toEqual([]);
    expect(pending()).toBe(0);
  });

  it('losing the connection forgets every typist', () => {
    const { clock, pending } = fakeClock();
    const store = new ChatStore(clock);
    store.setStatus('connected');
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    store.setStatus('error');
    expect(store.typingIn('conv:1')).toEqual([]);
    expect(pending()).toBe(0);
    expect(store.getStatus()).toBe('error');
  });
});

describe('presence', () => {
  it('a frame is kept by user and by the seller’s shop', () => {
    const { clock } = fakeClock();
    const store = new ChatStore(clock);
    store.applyPresence({ userId: 50, shopId: 3, online: true, last_seen: null });
    expect(store.presenceOf({ userId: 50 })).toMatchObject({ online: true, last_seen: null });
    expect(store.presenceOf({ shopId: 3 })).toBe(store.presenceOf({ userId: 50 }));
    store.applyPresence({ userId: 7, shopId: null, online: false, last_seen: 900 });
    expect(store.presenceOf({ userId: 7 })).toMatchObject({ online: false, last_seen: 900 });
    expect(store.presenceOf({ shopId: 4 })).toBeNull();
  });

  it('a REST answer seeds presence, but not over a frame that came after the request', () => {
    const { clock, advance } = fakeClock();
    const store = new ChatStore(clock);
    const askedAt = clock.now();
    store.seedPresence({ shopId: 3 }, { online: false, last_seen: 500 }, askedAt);
    expect(store.presenceOf({ shopId: 3 })).toMatchObject({ online: false, last_seen: 500 });

    const secondAsk = clock.now();
    advance(10);
    store.applyPresence({ userId: 50, shopId: 3, online: true, last_seen: null });
    advance(10);
    store.seedPresence({ shopId: 3 }, { online: false, last_seen: 500 }, secondAsk);
    expect(store.presenceOf({ shopId: 3 })).toMatchObject({ online: true });

    const listener = vi.fn();
    store.subscribe(listener);
    store.seedPresence({ shopId: 3 }, { online: true, last_seen: null }, clock.now());
    expect(listener).not.toHaveBeenCalled();
  });

  it('reset (sign-out) forgets presence, typing and the status', () => {
    const { clock, pending } = fakeClock();
    const store = new ChatStore(clock);
    store.setStatus('connected');
    store.applyPresence({ userId: 50, shopId: 3, online: true, last_seen: null });
    store.applyTyping({ roomId: 'conv:1', userId: 5, isTyping: true });
    store.reset();
    expect(store.presenceOf({ userId: 50 })).toBeNull();
    expect(store.typingIn('conv:1')).toEqual([]);
    expect(store.getStatus()).toBe('off');
    expect(pending()).toBe(0);
  });
});

function entry(id: string, target: string, createdAt: number, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    method: 'POST',
    path: '/api/messages',
    body: null,
    createdAt,
    attempts: 1,
    lastError: null,
    state: 'failed',
    failure: null,
    kind: 'message_send',
    target,
    undo: null,
    auth: 'user',
    doneAt: null,
    ...extra,
  };
}

describe('refusals', () => {
  it('the server’s message codes have their own text; others by status', () => {
    expect(refusalKey({ status: 422, code: 'MESSAGE_OWN_SHOP', message: '' })).toBe('MESSAGE_OWN_SHOP');
    expect(refusalKey({ status: 404, code: 'SHOP_NOT_FOUND', message: '' })).toBe('SHOP_NOT_FOUND');
    expect(refusalKey({ status: 429, code: 'SOMETHING', message: '' })).toBe('TOO_MANY_REQUESTS');
    expect(refusalKey({ status: 401, code: 'X', message: '' })).toBe('UNAUTHENTICATED');
    expect(refusalKey({ status: 403, code: 'ROLE', message: '' })).toBe('FORBIDDEN');
    expect(refusalKey({ status: 500, code: 'INTERNAL', message: '' })).toBe('serverError');
    expect(refusalKey({ status: 422, code: 'serverError', message: '' })).toBe('unknown');
    expect(refusalKey({ status: 400, code: 'WHATEVER', message: '' })).toBe('unknown');
    expect(refusalKey(null)).toBe('unknown');
    // The server's attachment refusals say which rule, with the composer's texts.
    expect(refusalTextKey({ status: 422, code: 'MESSAGE_ATTACHMENT_TOO_LARGE', message: '' })).toBe('chat.attachments.tooLarge');
    expect(refusalTextKey({ status: 422, code: 'MESSAGE_ATTACHMENT_TYPE', message: '' })).toBe('chat.attachments.wrongType');
    expect(refusalTextKey({ status: 422, code: 'MESSAGE_TOO_MANY_ATTACHMENTS', message: '' })).toBe('chat.attachments.tooMany');
    expect(refusalTextKey({ status: 404, code: 'SHOP_NOT_FOUND', message: '' })).toBe('chat.refusals.SHOP_NOT_FOUND');
    expect(REFUSAL_KEYS).toContain('CLIENT_REF_TAKEN');
  });

  it('a message’s entry is its latest message_send entry', () => {
    const entries = [
      entry('e1', 'msg-1', 10),
      entry('e2', 'msg-1', 30, { state: 'pending' }),
      entry('e3', 'msg-2', 40),
      entry('e4', 'msg-1', 50, { kind: 'post_create' }),
    ];
    expect(entryOfMessage(entries, 'msg-1')?.id).toBe('e2');
    expect(entryOfMessage(entries, 'msg-3')).toBeNull();
  });
});
