/**
 * Who sees a product (issue 23, docs/SELLERS.md "Sign-up and shop status"): it is public only while it is
 * published (products.published = 1) and its shop is active (and not deleted). Every public read — listings,
 * details, related products, home sections, search, facets, price bounds, totals, category and shop counts, sync
 * pulls — reads products.deleted = 0 only, so the rule lives in that one column, derived here and never set alone:
 * deleted = 1 unless published and the shop is active.
 *
 * A product whose flag flips gets a new updated_at, so the next pull carries it: as a tombstone (_deleted: true)
 * when it stops being public, whole again when it comes back; the listing cache and the listing totals drop what
 * they kept when the change is announced. The counts that depend on it (shops.products_count, categories.item_count)
 * are recomputed in the same transaction.
 *
 * Call it inside a write transaction that owns the clocks of categories, shops and products (VISIBILITY_TABLES),
 * after changing a shop's status or a product's published flag (or inserting products), and announce the
 * returned changes after COMMIT (db.changes.publish).
 */
import type { CollectionChange } from '../changes/change-notifier';
import { replicationClock, type ClockedTable, type Tx } from '../db/write-transaction';
import { recountCategories, recountShops } from './denormalised-counts';

/** The replication clocks a visibility change writes under, in lock order. */
export const VISIBILITY_TABLES: readonly ClockedTable[] = ['categories', 'shops', 'products'];

/** Which products to look at: every product of a shop, or these products. */
export type VisibilityScope = { shopId: number } | { productIds: readonly number[] };

export interface VisibilityResult {
  /** Products whose public state changed (ascending ids). */
  changedProductIds: number[];
  /** The changes to announce after COMMIT: products, shops' and categories' counts. */
  changes: CollectionChange[];
}

/** Whether a product with these flags is public. */
export function isPublic(published: number, shopStatus: string, shopDeleted: number): boolean {
  return Number(published) === 1 && shopStatus === 'active' && Number(shopDeleted) === 0;
}

/** Brings products.deleted of the products in `scope` in line with the rule; stamps and recounts what changed. */
export async function applyProductVisibility(tx: Tx, scope: VisibilityScope): Promise<VisibilityResult> {
  let query = tx
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.id', 'products.shop_id', 'products.deleted', 'products.published', 'shops.status', 'shops.deleted as shop_deleted'])
    .orderBy('products.id');
  if ('shopId' in scope) {
    query = query.where('products.shop_id', '=', scope.shopId);
  } else {
    if (scope.productIds.length === 0) return { changedProductIds: [], changes: [] };
    query = query.where('products.id', 'in', [...scope.productIds]);
  }
  const rows = await query.execute();
  const flips = rows.filter((r) => Number(r.deleted) !== (isPublic(r.published, r.status, r.shop_deleted) ? 0 : 1));
  if (flips.length === 0) return { changedProductIds: [], changes: [] };

  const changes: CollectionChange[] = [];
  const clock = await replicationClock(tx, 'products');
  let last: CollectionChange | null = null;
  for (const r of flips) {
    const updatedAt = clock.next();
    await tx
      .updateTable('products')
      .set({ deleted: Number(r.deleted) === 1 ? 0 : 1, updated_at: updatedAt })
      .where('id', '=', r.id)
      .execute();
    last = { collection: 'products', checkpoint: { updatedAt, id: String(r.id) } };
  }
  if (last) changes.push(last);

  const shopIds = [...new Set(flips.map((r) => Number(r.shop_id)))];
  const shops = await recountShops(tx, await replicationClock(tx, 'shops'), shopIds);
  const lastShop = shops[shops.length - 1];
  if (lastShop) changes.push({ collection: 'shops', checkpoint: { updatedAt: lastShop.updatedAt, id: String(lastShop.id) } });
  const categories = await recountCategories(tx, await replicationClock(tx, 'categories'));
  const lastCategory = categories[categories.length - 1];
  if (lastCategory) changes.push({ collection: 'categories', checkpoint: { updatedAt: lastCategory.updatedAt, id: String(lastCategory.id) } });
  return { changedProductIds: flips.map((r) => Number(r.id)), changes };
}
