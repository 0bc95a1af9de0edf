/**
 * categories.item_count and shops.products_count count live (not deleted)
 * products. They are documents fields, so a change bumps updated_at (and the
 * caller announces it). Runs inside a write transaction that locks the table.
 */
import { sql } from 'kysely';
import type { ReplicationClock, Tx } from '../db/write-transaction';

export interface CountChange {
  id: number;
  updatedAt: number;
}

async function liveCountsByCategory(tx: Tx): Promise<Map<number, number>> {
  const rows = await tx
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .where('products.deleted', '=', 0)
    .select(['products.category_id as id', 'categories.parent_id as parent_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['products.category_id', 'categories.parent_id'])
    .execute();
  const counts = new Map<number, number>();
  for (const r of rows) {
    const n = Number(r.n);
    counts.set(r.id, (counts.get(r.id) ?? 0) + n);
    if (r.parent_id !== null) counts.set(r.parent_id, (counts.get(r.parent_id) ?? 0) + n);
  }
  return counts;
}

/** Recomputes every category's item_count; returns the categories whose count changed. */
export async function recountCategories(tx: Tx, clock: ReplicationClock): Promise<CountChange[]> {
  const counts = await liveCountsByCategory(tx);
  const current = await tx.selectFrom('categories').select(['id', 'item_count']).orderBy('id').execute();
  const changed: CountChange[] = [];
  for (const c of current) {
    const n = counts.get(c.id) ?? 0;
    if (n === c.item_count) continue;
    const updatedAt = clock.next();
    await tx.updateTable('categories').set({ item_count: n, updated_at: updatedAt }).where('id', '=', c.id).execute();
    changed.push({ id: c.id, updatedAt });
  }
  return changed;
}

/** Recomputes products_count of the given shops (all when omitted); returns the shops whose count changed. */
export async function recountShops(tx: Tx, clock: ReplicationClock, shopIds?: readonly number[]): Promise<CountChange[]> {
  let query = tx
    .selectFrom('shops')
    .select([
      'shops.id',
      'shops.products_count',
      sql<number>`(select count(*) from products p where p.shop_id = shops.id and p.deleted = 0)`.as('n'),
    ])
    .orderBy('shops.id');
  if (shopIds !== undefined) {
    if (shopIds.length === 0) return [];
    query = query.where('shops.id', 'in', [...shopIds]);
  }
  const rows = await query.execute();
  const changed: CountChange[] = [];
  for (const s of rows) {
    const n = Number(s.n);
    if (n === s.products_count) continue;
    const updatedAt = clock.next();
    await tx.updateTable('shops').set({ products_count: n, updated_at: updatedAt }).where('id', '=', s.id).execute();
    changed.push({ id: s.id, updatedAt });
  }
  return changed;
}
