import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_MS } from '../../src/app/ui/toast-store';

describe('toasts (spec §9: 2 s for cart and wishlist)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('last 2 seconds by default', () => {
    expect(TOAST_MS).toBe(2000);
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    store.show({ text: 'Item added to cart', tone: 'success' });
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['Item added to cart']);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(seen).toEqual([1, 0]);
  });

  it('say the same text once, keep at most three, and can be dismissed', () => {
    const store = createToastStore();
    store.show({ text: 'a', tone: 'success' });
    store.show({ text: 'a', tone: 'success' });
    expect(store.getSnapshot()).toHaveLength(1);
    store.show({ text: 'b', tone: 'error' });
    store.show({ text: 'c', tone: 'info' });
    const last = store.show({ text: 'd', tone: 'info' });
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['b', 'c', 'd']);
    store.dismiss(last);
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['b', 'c']);
    vi.advanceTimersByTime(TOAST_MS);
    expect(store.getSnapshot()).toEqual([]);
  });
});
