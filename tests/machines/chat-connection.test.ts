/**
 * The chat connection machine (docs/COMMUNITY.md "Real-time chat") with fake
 * timers: reconnects after 2, 4, 8, 16 and 30 s, stops after the 5th failed
 * attempt until ONLINE, resets on success, and polls the unread count every
 * 30 s while not connected (asks debounced 300 ms, polls at least 5 s apart).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { chatReconnectDelayMs } from '../../src/domain/community';
import { chatConnectionMachine, connectionStatus, type UnreadPollResult } from '../../src/machines/chat-connection';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets promise actors settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0);

function start(options: { connect?: (attempt: number) => Promise<unknown>; poll?: () => Promise<UnreadPollResult> } = {}) {
  const connect = vi.fn(options.connect ?? (() => Promise.reject(new Error('refused'))));
  const poll = vi.fn(options.poll ?? (() => Promise.resolve(3)));
  const machine = chatConnectionMachine.provide({
    actors: {
      connect: fromPromise(({ input }: { input: { attempt: number } }) => connect(input.attempt)),
      pollUnread: fromPromise(() => poll()),
    },
  });
  const actor = createActor(machine).start();
  const status = () => connectionStatus(actor.getSnapshot().value);
  return { actor, connect, poll, status };
}

/** Times (ms since `t0`) at which connect was called. */
function callTimes(times: number[]) {
  return times.map((t, i) => (i === 0 ? t : t - (times[i - 1] ?? 0)));
}

describe('reconnecting', () => {
  it('retries after exactly 2, 4, 8, 16 and 30 s, then stops until ONLINE', async () => {
    const t0 = Date.now();
    const calls: number[] = [];
    const { actor, connect, status } = start({
      connect: () => {
        calls.push(Date.now() - t0);
        return Promise.reject(new Error('refused'));
      },
    });
    expect(status()).toBe('disconnected');
    actor.send({ type: 'CONNECT' });
    await settle();
    expect(status()).toBe('error');
    expect(connect).toHaveBeenCalledTimes(1);

    const expected = [2000, 4000, 8000, 16000, 30000];
    expect(expected).toEqual([1, 2, 3, 4, 5].map(chatReconnectDelayMs));
    for (const [i, delay] of expected.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(connect, `attempt ${i + 1} not before ${delay} ms`).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(connect, `attempt ${i + 1} at ${delay} ms`).toHaveBeenCalledTimes(i + 2);
    }
    expect(callTimes(calls)).toEqual([0, ...expected]);
    expect(status()).toBe('disconnected');
    expect(actor.getSnapshot().context.attempts).toBe(5);

    // Stopped: nothing more, however long we wait.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(connect).toHaveBeenCalledTimes(6);

    // Back online: starts again with fresh attempts (2 s first).
    actor.send({ type: 'ONLINE' });
    await settle();
    expect(connect).toHaveBeenCalledTimes(7);
    expect(actor.getSnapshot().context.attempts).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(connect).toHaveBeenCalledTimes(8);
    actor.stop();
  });

  it('a success resets the attempts; a lost connection starts over at 2 s', async () => {
    let fail = 2;
    const { actor, connect, status } = start({ connect: () => (fail-- > 0 ? Promise.reject(new Error('down')) : Promise.resolve('open')) });
    actor.send({ type: 'CONNECT' });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(status()).toBe('error');
    await vi.advanceTimersByTimeAsync(4000);
    expect(status()).toBe('connected');
    expect(actor.getSnapshot().context.attempts).toBe(0);
    expect(connect).toHaveBeenCalledTimes(3);

    actor.send({ type: 'CONNECTION_LOST', error: 'closed 1006' });
    expect(status()).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('closed 1006');
    await vi.advanceTimersByTimeAsync(1999);
    expect(connect).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(connect).toHaveBeenCalledTimes(4);
    expect(status()).toBe('connected');
    actor.stop();
  });

  it('DISCONNECT stops retrying; ONLINE while waiting reconnects at once; works with a callback connect actor', async () => {
    const { actor, connect, status } = start();
    actor.send({ type: 'CONNECT' });
    await settle();
    actor.send({ type: 'DISCONNECT' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(status()).toBe('disconnected');

    actor.send({ type: 'CONNECT' });
    await settle();
    expect(status()).toBe('error');
    actor.send({ type: 'ONLINE' });
    await settle();
    expect(connect).toHaveBeenCalledTimes(3);
    actor.stop();

    const callback = chatConnectionMachine.provide({
      actors: {
        // The machine types `connect` as a promise actor; a callback actor that sends CONNECTED works as well.
        connect: fromCallback(({ sendBack }) => {
          const timer = setTimeout(() => sendBack({ type: 'CONNECTED' }), 100);
          return () => clearTimeout(timer);
        }) as unknown as ReturnType<typeof fromPromise<unknown, { attempt: number }>>,
        pollUnread: fromPromise<UnreadPollResult, { lastPollAt: number | null }>(() => Promise.resolve(0)),
      },
    });
    const other = createActor(callback).start();
    other.send({ type: 'CONNECT' });
    expect(connectionStatus(other.getSnapshot().value)).toBe('connecting');
    await vi.advanceTimersByTimeAsync(100);
    expect(connectionStatus(other.getSnapshot().value)).toBe('connected');
    other.stop();
  });
});

describe('unread polling', () => {
  it('polls 300 ms after starting disconnected, then every 30 s; never while connected', async () => {
    const t0 = Date.now();
    const at: number[] = [];
    let connectNow = false;
    const { actor, poll, status } = start({
      poll: () => {
        at.push(Date.now() - t0);
        return Promise.resolve({ unread_count: 4 });
      },
      connect: () => (connectNow ? Promise.resolve('open') : Promise.reject(new Error('down'))),
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.unreadCount).toBe(4);
    await vi.advanceTimersByTimeAsync(30_000 * 3);
    expect(at).toEqual([300, 30_300, 60_300, 90_300]);

    // Connected: the socket brings messages, no polling.
    connectNow = true;
    actor.send({ type: 'CONNECT' });
    await settle();
    expect(status()).toBe('connected');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(poll).toHaveBeenCalledTimes(4);

    // Lost again: polling resumes (debounced 300 ms; long past the 5 s gap).
    connectNow = false;
    actor.send({ type: 'CONNECTION_LOST' });
    await vi.advanceTimersByTimeAsync(300);
    expect(poll).toHaveBeenCalledTimes(5);
    actor.stop();
  });

  it('debounces asks by 300 ms and keeps polls at least 5 s apart', async () => {
    const t0 = Date.now();
    const at: number[] = [];
    const { actor, poll } = start({
      poll: () => {
        at.push(Date.now() - t0);
        return Promise.resolve(1);
      },
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(at).toEqual([300]);

    // A burst of asks: one poll, but not before 5 s after the last one.
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'POLL_UNREAD' });
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(299);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(at).toEqual([300, 5300]);

    // Later, an ask well after the gap polls 300 ms after the last ask of its burst.
    await vi.advanceTimersByTimeAsync(10_000); // t = 21 099 ms
    actor.send({ type: 'POLL_UNREAD' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'POLL_UNREAD' }); // t = 21 299 ms
    await vi.advanceTimersByTimeAsync(299);
    expect(poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([300, 5300, 21_599]);
    // …and the 30 s cadence counts from that poll.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(at).toEqual([300, 5300, 21_599, 51_599]);
    actor.stop();
  });

  it('a failed poll keeps the last count and the cadence', async () => {
    let n = 0;
    const { actor, poll } = start({ poll: () => (n++ === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(n)) });
    await vi.advanceTimersByTimeAsync(300);
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.unreadCount).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().context.unreadCount).toBe(3);
    actor.stop();
  });
});
