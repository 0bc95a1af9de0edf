/**
 * Live listings are paced (src/db/queries/products.ts, LIVE_LISTING_PACE_MS): a lone change is read at once, a
 * burst of changes (a sync's batches) gives no new result until the pace's window ends, then one with the
 * state after the last change. Only setInterval is faked (rxjs' asyncScheduler runs on it), so fake-indexeddb
 * and RxDB keep their real timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDoc, ProductQuery } from '../../src/domain/catalog';
import type { SoukDatabase } from '../../src/db/database';
import { productListing } from '../../src/db/product-listing';
import { LIVE_LISTING_PACE_MS } from '../../src/db/queries/products';
import { watchDataQuery } from '../../src/db/queries/query-api';
import { toStoredProduct } from '../../src/db/query-fields';
import { makeProducts } from './support/catalog-fixtures';
import { record } from './support/emissions';
import { insertCatalog, openTestDatabase } from './support/test-db';

const QUERY: ProductQuery = { sort: 'price-high-low', perPage: 3 };
const BURST = 10;

describe('live listing pace', () => {
  let db: SoukDatabase;
  let products: ProductDoc[];

  beforeEach(async () => {
    products = makeProducts(40, 11);
    db = await openTestDatabase();
    await insertCatalog(db, { products });
    await productListing(db.products).whenReady();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db?.remove();
  });

  /** Makes products[i] the dearest of all and waits until the listing index has applied it. */
  async function makeDearest(i: number, price: number) {
    const doc = products[i]!;
    const listing = productListing(db.products);
    const applied = listing.nextChange(5000);
    await db.products.upsert(
      toStoredProduct({ ...doc, price, discount_price: null, has_discount: false, discount_percent: 0, effective_price: price }),
    );
    await applied;
  }

  it('reads a lone change at once, then holds a burst until the window ends and shows its last state', async () => {
    const rec = record(watchDataQuery(db, { kind: 'products', query: QUERY }));
    await rec.until(() => true, 5000, 'first page');

    // No timer advanced: the first change of a quiet listing is not held back.
    await makeDearest(0, 90_000);
    await rec.until((page) => page.items[0]?.id === products[0]!.id, 5000, 'the lone change');
    const afterLone = rec.values.length;

    // A burst inside the window that change opened: nothing new until the window ends.
    for (let i = 1; i <= BURST; i++) await makeDearest(i, 90_000 + i);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rec.values.length).toBe(afterLone);

    vi.advanceTimersByTime(LIVE_LISTING_PACE_MS);
    const last = await rec.until((page) => page.items[0]?.id === products[BURST]!.id, 5000, 'the burst, read after the window');
    expect(last.items.map((p) => p.id)).toEqual([products[BURST]!.id, products[BURST - 1]!.id, products[BURST - 2]!.id]);
    expect(rec.values.length).toBe(afterLone + 1);
    rec.stop();
  });
});
