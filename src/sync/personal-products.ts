/**
 * The products the shopper's own screens need, kept in the 'viewed' catalogue mode (issue 25): the wishlist shows
 * each item's product from the local catalogue, and cart and order lines link to theirs, so those not stored are
 * fetched by id (GET /api/sync/products/view?ids=) and stored through CatalogueReads.keep, then open offline.
 * Runs after each change of the wishlist, the cart or the orders, when the mode becomes 'viewed' and when the
 * network comes back; a product the server did not answer is not asked again in this session.
 */
import { auditTime, merge, Subject, type Subscription } from 'rxjs';
import { MAX_PAGE_SIZE } from '../domain/catalog';
import type { SoukDatabase } from '../db/database';
import type { CatalogueMode } from '../workers/data-api';
import type { CatalogueReads } from './catalogue-reads';
import type { OnlineSignal } from './online-signal';
import type { ViewTransport } from './transport/view-transport';

/** Changes are gathered this long before the missing products are looked up (a pull writes in batches). */
export const PERSONAL_PRODUCTS_DELAY_MS = 200;

export interface PersonalProductsOptions {
  db: SoukDatabase;
  transport: ViewTransport;
  reads: CatalogueReads;
  online: OnlineSignal;
  mode: () => CatalogueMode;
}

export interface PersonalProducts {
  /** Look again now (the mode changed). */
  check(): void;
  /** Resolves when no look-up is running (tests). */
  whenIdle(): Promise<void>;
  stop(): void;
}

/** The product ids of the wishlist, the cart and the orders. */
async function personalProductIds(db: SoukDatabase): Promise<Set<string>> {
  const [wishlist, cart, orders] = await Promise.all([db.wishlist.find().exec(), db.cart_items.find().exec(), db.orders.find().exec()]);
  const ids = new Set<string>();
  for (const w of wishlist) ids.add(String(w.product_id));
  for (const line of cart) ids.add(String(line.product_id));
  for (const order of orders) for (const item of order.items) ids.add(String(item.product_id));
  return ids;
}

export function startPersonalProducts(o: PersonalProductsOptions): PersonalProducts {
  const asked = new Set<string>();
  const kick = new Subject<void>();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const look = async () => {
    if (stopped || o.mode() !== 'viewed' || !o.online.isOnline()) return;
    const wanted = [...(await personalProductIds(o.db))].filter((id) => !asked.has(id));
    if (wanted.length === 0) return;
    const stored = await o.db.products.findByIds(wanted).exec();
    const missing = wanted.filter((id) => !stored.has(id));
    for (let i = 0; i < missing.length && !stopped; i += MAX_PAGE_SIZE) {
      const chunk = missing.slice(i, i + MAX_PAGE_SIZE);
      const docs = await o.transport.byIds(chunk);
      for (const id of chunk) asked.add(id);
      await o.reads.keep(docs);
    }
  };
  const run = () => {
    // One look at a time; a failed one is tried again on the next change or when the network comes back.
    running = running.then(look).catch(() => undefined);
  };

  const subs: Subscription[] = [
    merge(o.db.wishlist.$, o.db.cart_items.$, o.db.orders.$, kick).pipe(auditTime(PERSONAL_PRODUCTS_DELAY_MS)).subscribe(run),
  ];
  const unsubscribeOnline = o.online.subscribe((isOnline) => {
    if (isOnline) kick.next();
  });
  kick.next();

  return {
    check: () => kick.next(),
    whenIdle: async () => {
      let seen: Promise<void> | null = null;
      while (seen !== running) {
        seen = running;
        await seen;
      }
    },
    stop() {
      stopped = true;
      unsubscribeOnline();
      for (const s of subs) s.unsubscribe();
    },
  };
}
