/**
 * Shop writes. Every shop row goes in through here, which derives search_name
 * from the names, so search never sees a shop whose search column lags its
 * names. (Renaming a shop, when some write does it, sets both the same way.)
 */
import type { NewShop } from '../db/schema';
import { shopSearchName } from '../db/search-text';
import type { Tx } from '../db/write-transaction';

export type ShopInsert = Omit<NewShop, 'search_name'>;

export function withSearchName(shop: ShopInsert): NewShop {
  return { ...shop, search_name: shopSearchName(shop.name, shop.name_ar) };
}

/** Inserts shops inside the caller's write transaction (which owns the shops' replication clock). */
export async function insertShops(tx: Tx, shops: readonly ShopInsert[]): Promise<void> {
  if (shops.length === 0) return;
  await tx.insertInto('shops').values(shops.map(withSearchName)).execute();
}
