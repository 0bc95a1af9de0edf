/**
 * Local, derived fields that exist only in the client's database, so that the
 * listing's sorts and search can be served by IndexedDB indexes with exactly
 * the semantics of src/domain/product-query.ts:
 *
 * - RxDB sorts only ascending index order without a re-sort in memory: any
 *   'desc' sort makes the storage read the whole index range and sort it
 *   (measured in fake-indexeddb: 1.9 s for a 1,666-document range instead of
 *   5 ms). So every descending sort key is stored negated and sorted ascending.
 * - Ties break by the id string in code-unit order, in the direction of the
 *   last sort key. Ascending is RxDB's own primary-key order; descending needs
 *   a string whose ascending order is the id's descending order (idDescKey).
 * - Search is a substring of name.toLowerCase(); storing that lowercase form
 *   makes the match exact (a case-insensitive RegExp folds a few characters
 *   differently from toLowerCase, e.g. the Kelvin sign).
 *
 * All such fields start with `q_`; they are added when a document enters the
 * database (the replication's pull modifier) and stripped before a document
 * leaves the query API, so the UI only ever sees the contract's shapes.
 */
import type { CategoryDoc, ProductDoc, ShopDoc } from '../domain/catalog';

export interface ProductQueryFields {
  q_id_desc: string;
  q_created_desc: number;
  q_price_desc: number;
  q_sales_desc: number;
  q_rating_desc: number;
  q_reviews_desc: number;
  q_name_lower: string;
}
export interface ShopQueryFields {
  q_rating_desc: number;
}

export type StoredProduct = ProductDoc & ProductQueryFields;
/** Categories need no derived fields: a few dozen documents, sorted in memory. */
export type StoredCategory = CategoryDoc;
export type StoredShop = ShopDoc & ShopQueryFields;

/** -x without producing -0 (JSON would turn it into 0 anyway; keep states identical). */
function neg(x: number): number {
  return x === 0 ? 0 : -x;
}

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** Sorts after every digit: a shorter id that is a prefix of a longer one must come after it. */
const ID_DESC_END = ':';

/**
 * For ids made of digits (ProductDoc.id is /^\d+$/): each digit d becomes 9 - d, then ':' is
 * appended, so ascending order of the keys is descending code-unit order of the ids
 * ('2' > '10' > '1' gives '7:' < '89:' < '8:').
 */
export function idDescKey(id: string): string {
  let out = '';
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) throw new Error(`idDescKey: not a numeric id: ${id}`);
    out += String.fromCharCode(DIGIT_9 - (c - DIGIT_0));
  }
  return out + ID_DESC_END;
}

export function productQueryFields(doc: ProductDoc): ProductQueryFields {
  return {
    q_id_desc: idDescKey(doc.id),
    q_created_desc: neg(doc.created_at),
    q_price_desc: neg(doc.effective_price),
    q_sales_desc: neg(doc.sales_count),
    q_rating_desc: neg(doc.rating),
    q_reviews_desc: neg(doc.reviews_count),
    q_name_lower: doc.name.toLowerCase(),
  };
}

export function shopQueryFields(doc: ShopDoc): ShopQueryFields {
  return { q_rating_desc: neg(doc.rating) };
}

export function toStoredProduct<T extends ProductDoc>(doc: T): T & ProductQueryFields {
  return { ...doc, ...productQueryFields(doc) };
}
export function toStoredShop<T extends ShopDoc>(doc: T): T & ShopQueryFields {
  return { ...doc, ...shopQueryFields(doc) };
}

/** Drops the local q_ fields (and nothing else). */
export function withoutQueryFields<T extends object>(stored: T): Omit<T, `q_${string}`> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stored)) {
    if (!k.startsWith('q_')) out[k] = v;
  }
  return out as Omit<T, `q_${string}`>;
}
