/**
 * Stored shapes of the catalogue collections and the hook where local,
 * derived fields would be added as documents enter the database.
 *
 * There are none today: the products collection used to carry `q_` fields
 * (negated sort keys, a descending id key, a lowercased name) that existed only
 * to feed 20 compound IndexedDB indexes. Listings are now filtered and sorted
 * in the data worker's in-memory index (src/db/listing-index.ts), so products
 * and shops are stored exactly as the server sends them. The replication's pull
 * modifier (src/sync/replication.ts) still passes every document through
 * toStoredProduct/toStoredShop, so a future local field has one place to go;
 * by convention its name starts with `q_`, and withoutQueryFields strips such
 * fields before a document leaves the query API.
 */
import type { CategoryDoc, ProductDoc, ShopDoc } from '../domain/catalog';

export type StoredProduct = ProductDoc;
export type StoredCategory = CategoryDoc;
export type StoredShop = ShopDoc;

/** The document as stored (no local fields today). */
export function toStoredProduct<T extends ProductDoc>(doc: T): T {
  return doc;
}
/** The document as stored (no local fields today). */
export function toStoredShop<T extends ShopDoc>(doc: T): T {
  return doc;
}

/** Drops local q_ fields (and nothing else). */
export function withoutQueryFields<T extends object>(stored: T): Omit<T, `q_${string}`> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stored)) {
    if (!k.startsWith('q_')) out[k] = v;
  }
  return out as Omit<T, `q_${string}`>;
}
