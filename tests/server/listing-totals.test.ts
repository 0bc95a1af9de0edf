/**
 * The listing totals kept between requests (src/server/repositories/listing-totals.ts), with the in-process
 * change notifier: which changes drop which totals (by collection and scope), a total counted across a change
 * that reaches it is not kept, the key ignores sort, paging and list order, the bound, and the listener's life.
 */
import { describe, expect, it } from 'vitest';
import { normalizeProductQuery } from '../../src/domain/product-query';
import { createLocalChangeNotifier, type CollectionChange } from '../../src/server/changes/change-notifier';
import { ListingTotals, totalsKey } from '../../src/server/repositories/listing-totals';

const checkpoint = { updatedAt: 1, id: '1' };
const ALL = totalsKey(normalizeProductQuery({}));
const IN_STOCK = totalsKey(normalizeProductQuery({ inStock: true }));
const BLUE = totalsKey(normalizeProductQuery({ colors: ['blue'] }));

/** Totals kept for ALL (100), IN_STOCK (80) and BLUE (30). */
function filled(): { totals: ListingTotals; publish(change: CollectionChange): void } {
  const changes = createLocalChangeNotifier();
  const totals = new ListingTotals(changes);
  for (const [key, inStock, total] of [
    [ALL, false, 100],
    [IN_STOCK, true, 80],
    [BLUE, false, 30],
  ] as const) {
    totals.set(key, inStock, totals.begin(), total);
  }
  return { totals, publish: (change) => changes.publish(change) };
}

const kept = (totals: ListingTotals) => [totals.get(ALL), totals.get(IN_STOCK), totals.get(BLUE)];

describe('listing totals', () => {
  it('keeps totals until a change reaches them', () => {
    const { totals } = filled();
    expect(kept(totals)).toEqual([100, 80, 30]);
  });

  it('a counters change (sales, rating, followers) drops none', () => {
    const { totals, publish } = filled();
    publish({ collection: 'products', checkpoint, scope: 'counters' });
    publish({ collection: 'shops', checkpoint, scope: 'counters' });
    expect(kept(totals)).toEqual([100, 80, 30]);
  });

  it('a stock change drops only the totals filtered by in stock', () => {
    const { totals, publish } = filled();
    publish({ collection: 'products', checkpoint, scope: 'stock' });
    expect(kept(totals)).toEqual([100, undefined, 30]);
  });

  it('a change without a scope, to products, shops or categories, drops them all', () => {
    for (const collection of ['products', 'shops', 'categories'] as const) {
      const { totals, publish } = filled();
      publish({ collection, checkpoint });
      expect(kept(totals)).toEqual([undefined, undefined, undefined]);
    }
  });

  it('changes of other collections drop none', () => {
    const { totals, publish } = filled();
    publish({ collection: 'reviews', checkpoint });
    publish({ collection: 'orders', checkpoint, userId: 7 });
    publish({ collection: 'cart', checkpoint, userId: 7 });
    expect(kept(totals)).toEqual([100, 80, 30]);
  });

  it('a total counted while a change that reaches it arrived is not kept; one the change does not reach is', () => {
    const { totals, publish } = filled();
    const ALL_RED = totalsKey(normalizeProductQuery({ colors: ['red'] }));
    const RED_IN_STOCK = totalsKey(normalizeProductQuery({ colors: ['red'], inStock: true }));
    const [a, b] = [totals.begin(), totals.begin()];
    publish({ collection: 'products', checkpoint, scope: 'stock' });
    totals.set(ALL_RED, false, a, 12);
    totals.set(RED_IN_STOCK, true, b, 9);
    expect([totals.get(ALL_RED), totals.get(RED_IN_STOCK)]).toEqual([12, undefined]);

    const c = totals.begin();
    publish({ collection: 'categories', checkpoint });
    totals.set(ALL_RED, false, c, 13);
    expect(totals.get(ALL_RED)).toBeUndefined();
  });

  it('keys ignore sort, paging and the order of list values', () => {
    expect(totalsKey(normalizeProductQuery({ colors: ['red', 'blue'], sort: 'price-low-high', page: 3, perPage: 12 }))).toBe(
      totalsKey(normalizeProductQuery({ colors: ['blue', 'red', 'blue'] })),
    );
    expect(totalsKey(normalizeProductQuery({ colors: ['red'] }))).not.toBe(totalsKey(normalizeProductQuery({ sizes: ['M'] })));
    expect(totalsKey(normalizeProductQuery({ search: 'kaftan' }))).not.toBe(ALL);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const totals = new ListingTotals(createLocalChangeNotifier(), 2);
    totals.set('a', false, totals.begin(), 1);
    totals.set('b', false, totals.begin(), 2);
    expect(totals.get('a')).toBe(1);
    totals.set('c', false, totals.begin(), 3);
    expect([totals.get('a'), totals.get('b'), totals.get('c')]).toEqual([1, undefined, 3]);
    expect(totals.size).toBe(2);
  });

  it('listens from its first count until it is closed, and keeps nothing after', () => {
    const changes = createLocalChangeNotifier();
    const totals = new ListingTotals(changes);
    expect(changes.listenerCount()).toBe(0);
    const token = totals.begin();
    expect(changes.listenerCount()).toBe(1);
    totals.close();
    expect(changes.listenerCount()).toBe(0);
    totals.set(ALL, false, token, 5);
    expect(totals.get(ALL)).toBeUndefined();
    totals.begin();
    expect(changes.listenerCount()).toBe(0);
  });
});
