/**
 * The totals of product listings (GET /api/products/all's `total`), kept between requests. A total is a
 * count over the matching products (1.4 ms on SQLite, 4 ms on PostgreSQL at 50,000 products), and the
 * listing cache (src/server/http/response-cache.ts) cannot spare it: every order changes a product's stock,
 * and so every listing reply, while almost no write changes which products a filter matches.
 *
 * A change tells how far it reaches (CollectionChange's `scope`):
 * - 'counters': only counts no filter reads (rating, reviews, followers): every total stays;
 * - 'stock': stock and sales (an order, a cancel): only totals filtered by in stock are dropped;
 * - none: anything (a product edited, created or deleted, a shop or category written): all are dropped.
 * Changes of other collections leave the totals alone. On PostgreSQL the changes of other instances arrive
 * through LISTEN/NOTIFY, scope included (one that lost it counts as 'none'). A write that announces nothing
 * (raw SQL, `npm run seed -- --reset` from another process on the same SQLite file) leaves totals as they were
 * until the next change without a scope (a product edit) or a restart; orders and reviews no longer mend them.
 *
 * A total counted while a change that reaches it arrived is answered but not kept (`begin` hands out the
 * generations before the count, `set` compares), as the listing cache does. It subscribes with its first
 * `begin`: a server that serves no listing holds no listener.
 */
import type { NormalizedProductQuery } from '../../domain/catalog';
import type { ChangeNotifier, CollectionChange } from '../changes/change-notifier';

/** Totals kept at most (a few dozen bytes each); the least recently used go first. */
export const LISTING_TOTALS_MAX_ENTRIES = 5000;

/** The collections a listing's filters read: products, and categories (slug → id) and shops through them. */
const FILTERED_COLLECTIONS: ReadonlySet<string> = new Set(['products', 'shops', 'categories']);

/** The generations a count started under (from `begin`). */
export interface TotalsToken {
  all: number;
  inStock: number;
}

interface Entry {
  total: number;
  inStock: boolean;
}

/** The filters of a listing as a key: sort and paging left out, lists deduplicated and sorted. */
export function totalsKey(q: NormalizedProductQuery): string {
  const filters: Partial<NormalizedProductQuery> = { ...q };
  delete filters.sort;
  delete filters.page;
  delete filters.perPage;
  const sorted = <T extends string>(list: readonly T[] | undefined) => (list === undefined ? undefined : [...new Set(list)].sort());
  return JSON.stringify({ ...filters, colors: sorted(q.colors), sizes: sorted(q.sizes), fabrics: sorted(q.fabrics) });
}

export class ListingTotals {
  private readonly entries = new Map<string, Entry>();
  private readonly generations: TotalsToken = { all: 0, inStock: 0 };
  private unsubscribe: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly changes: ChangeNotifier,
    private readonly maxEntries: number = LISTING_TOTALS_MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The total kept for `key`, now the most recently used; undefined when none. */
  get(key: string): number | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.total;
  }

  /** Call before counting; hand the result to `set`. */
  begin(): TotalsToken {
    if (!this.closed) this.unsubscribe ??= this.changes.subscribe((change) => this.onChange(change));
    return { ...this.generations };
  }

  /** Keeps `total` under `key` unless a change that reaches it came since `begin` gave `token`. */
  set(key: string, inStock: boolean, token: TotalsToken, total: number): void {
    if (this.closed || token.all !== this.generations.all || (inStock && token.inStock !== this.generations.inStock)) return;
    this.entries.delete(key);
    this.entries.set(key, { total, inStock });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  private onChange(change: CollectionChange): void {
    if (!FILTERED_COLLECTIONS.has(change.collection)) return;
    const scope = change.userId === undefined && 'scope' in change ? change.scope : undefined;
    if (scope === 'counters') return;
    this.generations.inStock++;
    if (scope === 'stock') {
      for (const [key, entry] of this.entries) if (entry.inStock) this.entries.delete(key);
      return;
    }
    this.generations.all++;
    this.entries.clear();
  }

  /** Forgets everything and stops listening (the app closes). */
  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.entries.clear();
  }
}
