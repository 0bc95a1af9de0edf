/**
 * Shop writes. Every shop row goes in through here, which derives the text columns from the names and
 * descriptions (repositories/text-columns.ts): the maps, the spec's English and Arabic columns and search_text,
 * so search never sees a shop whose search column lags its names.
 */
import { cleanText, type LocalizedText } from '../../domain/catalog-text';
import type { NewShop } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { descriptionColumns, nameColumns } from './text-columns';

/**
 * A shop to insert: its names and descriptions as maps, or only as the spec's pair (`name`/`name_ar`,
 * `description`/`description_ar`: English and Arabic) when `names`/`descriptions` are absent.
 */
export type ShopInsert = Omit<NewShop, 'search_text' | 'names_json' | 'descriptions_json'> & {
  names?: LocalizedText;
  descriptions?: LocalizedText;
};

export function withTextColumns(shop: ShopInsert): NewShop {
  const { names, descriptions, ...row } = shop;
  return {
    ...row,
    ...nameColumns(names ?? cleanText({ en: shop.name, ar: shop.name_ar })),
    ...descriptionColumns(descriptions ?? cleanText({ en: shop.description, ar: shop.description_ar })),
  };
}

/** Inserts shops inside the caller's write transaction (which owns the shops' replication clock). */
export async function insertShops(tx: Tx, shops: readonly ShopInsert[]): Promise<void> {
  if (shops.length === 0) return;
  await tx.insertInto('shops').values(shops.map(withTextColumns)).execute();
}
