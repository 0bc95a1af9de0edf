/**
 * When an open thread marks its messages read (src/app/chat/thread-read-marker.ts): never while the page is
 * hidden, again when it becomes visible; unread messages arriving while visible ask the server again at most
 * every READ_AGAIN_MS, and not when a fetch since they were noticed has marked them.
 */
import { describe, expect, it } from 'vitest';
import { READ_AGAIN_MS, ThreadReadMarker } from '../../src/app/chat/thread-read-marker';

function rig() {
  let now = 10_000;
  const timers: { at: number; run: () => void }[] = [];
  const marked: number[] = [];
  let asks = 0;
  const marker = new ThreadReadMarker({
    markLocal: (id) => marked.push(id),
    // The hook's fetch of page 1, which starts at once.
    askServer: () => {
      asks += 1;
      marker.asked(now);
    },
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const i = timers.indexOf(handle as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const due of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(due), 1);
      due.run();
    }
  };
  return { marker, marked, asks: () => asks, advance, now: () => now, timers };
}

describe('ThreadReadMarker', () => {
  it('marks nothing while the page is hidden, and marks when it becomes visible', () => {
    const r = rig();
    r.marker.update({ conversationId: 4, unread: true, visible: false });
    r.advance(READ_AGAIN_MS * 2);
    expect(r.marked).toEqual([]);
    expect(r.asks()).toBe(0);
    expect(r.timers).toEqual([]);

    r.marker.update({ conversationId: 4, unread: true, visible: true });
    expect(r.marked).toEqual([4]);
  });

  it('a visible thread marks on open and when unread ones arrive; no conversation yet, nothing', () => {
    const r = rig();
    r.marker.update({ conversationId: null, unread: false, visible: true });
    expect(r.marked).toEqual([]);
    r.marker.update({ conversationId: 4, unread: false, visible: true });
    r.marker.update({ conversationId: 4, unread: true, visible: true });
    expect(r.marked).toEqual([4, 4]);
  });

  it('unread ones ask the server again READ_AGAIN_MS after the last fetch, once, unless a fetch came since', () => {
    const r = rig();
    r.marker.asked(r.now());
    r.advance(1_000);
    r.marker.update({ conversationId: 4, unread: true, visible: true });
    r.marker.update({ conversationId: 4, unread: true, visible: true });
    r.advance(READ_AGAIN_MS - 1_000 - 1);
    expect(r.asks()).toBe(0);
    r.advance(1);
    expect(r.asks()).toBe(1);

    // A fetch made after they were noticed has marked them: no second ask.
    r.advance(5);
    r.marker.update({ conversationId: 4, unread: true, visible: true });
    r.advance(10);
    r.marker.asked(r.now());
    r.advance(READ_AGAIN_MS);
    expect(r.asks()).toBe(1);
  });

  it('dispose cancels a scheduled ask', () => {
    const r = rig();
    r.marker.asked(r.now());
    r.marker.update({ conversationId: 4, unread: true, visible: true });
    r.marker.dispose();
    r.advance(READ_AGAIN_MS);
    expect(r.asks()).toBe(0);
  });
});
