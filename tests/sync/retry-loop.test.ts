/** The one retry loop: capped exponential backoff, waiting for `online`, kick, abort. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, createKick } from '../../src/sync/backoff';
import { browserOnlineSignal, manualOnlineSignal } from '../../src/sync/online-signal';
import { retryLoop } from '../../src/sync/retry-loop';

const B = { initialMs: 10, factor: 2, maxMs: 80, jitter: 0 };

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap; jitter only shortens', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffDelay(a, B))).toEqual([10, 20, 40, 80, 80, 80, 80]);
    const j = { ...B, jitter: 0.5 };
    expect(backoffDelay(2, j, () => 0)).toBe(40);
    expect(backoffDelay(2, j, () => 0.999)).toBe(20);
  });
});

describe('retryLoop', () => {
  it('retries failures with growing delays and returns the first success', async () => {
    const calls: number[] = [];
    const delays: number[] = [];
    const result = await retryLoop(
      async () => {
        calls.push(Date.now());
        if (calls.length < 5) throw new Error(`fail ${calls.length}`);
        return 'ok';
      },
      { online: manualOnlineSignal(true), backoff: B, abort: new AbortController().signal, onFailure: (_e, _a, d) => delays.push(d) },
    );
    expect(result).toBe('ok');
    expect(delays).toEqual([10, 20, 40, 80]);
    const gaps = calls.slice(1).map((t, i) => t - calls[i]!);
    gaps.forEach((g, i) => expect(g).toBeGreaterThanOrEqual(delays[i]! - 2));
  });

  it('makes no attempt while offline and starts as soon as the signal says online', async () => {
    const online = manualOnlineSignal(false);
    let attempts = 0;
    let offlineReported = 0;
    const done = retryLoop(
      async () => {
        attempts += 1;
        return attempts;
      },
      { online, backoff: B, abort: new AbortController().signal, onOffline: () => (offlineReported += 1) },
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(0);
    expect(offlineReported).toBe(1);
    online.set(true);
    await expect(done).resolves.toBe(1);
  });

  it('a failure caused by going offline waits for online instead of backing off', async () => {
    const online = manualOnlineSignal(true);
    const delays: number[] = [];
    let attempts = 0;
    const done = retryLoop(
      async () => {
        attempts += 1;
        if (attempts === 1) {
          online.set(false);
          throw new Error('network gone');
        }
        return 'back';
      },
      { online, backoff: { ...B, initialMs: 60_000, maxMs: 60_000 }, abort: new AbortController().signal, onFailure: (_e, _a, d) => delays.push(d) },
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toBe(1);
    online.set(true);
    await expect(done).resolves.toBe('back');
    expect(delays).toEqual([0]);
  });

  it('a kick ends the backoff wait; an abort ends the loop', async () => {
    const kick = createKick();
    const abort = new AbortController();
    let attempts = 0;
    const done = retryLoop(
      async () => {
        attempts += 1;
        throw new Error('down');
      },
      { online: manualOnlineSignal(true), backoff: { ...B, initialMs: 60_000, maxMs: 60_000 }, abort: abort.signal, kick },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(attempts).toBe(1);
    kick.kick();
    await new Promise((r) => setTimeout(r, 20));
    expect(attempts).toBe(2);
    abort.abort(new Error('stop'));
    await expect(done).rejects.toThrow('stop');
  });
});

describe('browserOnlineSignal', () => {
  it('reads navigator.onLine and listens to online/offline on the scope', () => {
    const scope = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
    scope.navigator = { onLine: false };
    const signal = browserOnlineSignal(scope);
    const seen: boolean[] = [];
    const stop = signal.subscribe((o) => seen.push(o));
    expect(signal.isOnline()).toBe(false);
    scope.navigator.onLine = true;
    scope.dispatchEvent(new Event('online'));
    scope.dispatchEvent(new Event('offline'));
    stop();
    scope.dispatchEvent(new Event('online'));
    expect(seen).toEqual([true, false]);
    expect(signal.isOnline()).toBe(true);
  });

  it('counts as always online where there is no navigator (Node 20)', () => {
    expect(browserOnlineSignal({}).isOnline()).toBe(true);
  });
});
