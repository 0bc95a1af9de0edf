/** The firstvisit bench's arithmetic: medians and goals of a few Lighthouse runs, when a page is interactive, bytes by a time. */
import { describe, expect, it } from 'vitest';
import { bytesByKind, bytesUntil, changesWhile, goalMet, interactiveAt, median, spread } from '../../bench/firstvisit-figures';
import { requestKind } from '../../bench/firstvisit-proxy';

describe('median and spread of the runs', () => {
  it('takes the middle run, whatever the order, and prints min–max', () => {
    expect(median([52, 48, 50])).toBe(50);
    expect(median([])).toBeNaN();
    expect(spread([2.31, 4.6, 4.2], 1)).toBe('2.3–4.6');
    expect(spread([])).toBe('-');
  });
});

describe('goalMet', () => {
  it('is at least a minimum, strictly below a ceiling, and never met by a missing figure', () => {
    expect(goalMet(95, { min: 95 })).toBe(true);
    expect(goalMet(94, { min: 95 })).toBe(false);
    expect(goalMet(199, { below: 200 })).toBe(true);
    expect(goalMet(200, { below: 200 })).toBe(false);
    expect(goalMet(NaN, { below: 200 })).toBe(false);
  });
});

describe('interactiveAt', () => {
  it('is the content time when no long task runs after it', () => {
    expect(interactiveAt(1_000, [{ start: 200, duration: 300 }], 5_000, 60_000)).toBe(1_000);
  });

  it('is the end of the last long task before a quiet window, a task across the content time counting from its end', () => {
    const tasks = [
      { start: 900, duration: 400 }, // ends at 1,300
      { start: 4_000, duration: 100 }, // within 5 s of 1,300: ends at 4,100
      { start: 9_200, duration: 60 }, // 5.1 s after 4,100: the window 4,100–9,100 was quiet
    ];
    expect(interactiveAt(1_000, tasks, 5_000, 60_000)).toBe(4_100);
  });

  it('takes the tasks in time order and is null when no quiet window ends in the observed time', () => {
    const tasks = [
      { start: 8_000, duration: 100 },
      { start: 3_000, duration: 100 },
    ];
    expect(interactiveAt(1_000, tasks, 5_000, 60_000)).toBe(8_100);
    expect(interactiveAt(1_000, tasks, 5_000, 13_000)).toBeNull();
  });
});

describe('bytes by a time', () => {
  const samples = [
    { at: 10, bytes: 300, kind: 'documents' },
    { at: 20, bytes: 1_000, kind: 'scripts and styles' },
    { at: 30, bytes: 5_000, kind: 'sync (data worker)' },
    { at: 40, bytes: 2_000, kind: 'sync (data worker)' },
  ];

  it('sums what was sent up to and including the time', () => {
    expect(bytesUntil(samples, 30)).toBe(6_300);
    expect(bytesUntil(samples, 5)).toBe(0);
  });

  it('splits it by kind, largest first', () => {
    expect(bytesByKind(samples, 40)).toEqual([
      ['sync (data worker)', 7_000],
      ['scripts and styles', 1_000],
      ['documents', 300],
    ]);
  });
});

describe('requestKind', () => {
  it("tells the data worker's pulls and the service worker's script from the page's own requests", () => {
    expect(requestKind('/api/sync/products/pull?v=1&limit=500', { 'sec-fetch-dest': 'empty' })).toBe('sync (data worker)');
    expect(requestKind('/service-worker.js', { 'service-worker': 'script', 'sec-fetch-dest': 'serviceworker' })).toBe('service worker script');
    expect(requestKind('/fr/products', { 'sec-fetch-dest': 'document' })).toBe('documents');
    expect(requestKind('/assets/index-A1.js', { 'sec-fetch-dest': 'script' })).toBe('scripts and styles');
    expect(requestKind('/images/p/1-480.avif', {})).toBe('images');
    expect(requestKind('/assets/data-worker-B2.js', { 'sec-fetch-dest': 'worker' })).toBe('data worker script');
    expect(requestKind('/assets/index-A1.js', { 'sec-fetch-dest': 'empty' })).toBe('service worker precache');
  });
});

describe('changesWhile (how often the content changed while a sync ran)', () => {
  it('counts the changes inside the span, the most in any window, and the shortest gap', () => {
    const changes = [50, 100, 700, 900, 1_300, 1_350, 1_399, 5_000];
    expect(changesWhile(changes, 100, 2_000, 500)).toEqual({ count: 6, most: 4, shortestGap: 49 });
  });
  it('takes the changes in time order and a window as [t, t + windowMs)', () => {
    expect(changesWhile([1_000, 0, 500], 0, 2_000, 500)).toEqual({ count: 3, most: 1, shortestGap: 500 });
  });
  it('is empty outside the span', () => {
    expect(changesWhile([10, 20], 100, 200, 500)).toEqual({ count: 0, most: 0, shortestGap: null });
  });
});
