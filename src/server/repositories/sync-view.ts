/**
 * GET /api/sync/products/view and /api/sync/catalogue-size (issue 25): products by id as sync documents, a
 * product's reviews as the reviews pull sends them, and the catalogue's size. Listings and related products come from the listing repository (product-listing.ts,
 * product-reads.ts), so their order and totals are the REST API's.
 */
import { gzipSync } from 'node:zlib';
import { onlyShown, type TextLanguage } from '../../domain/catalog-text';
import type { ProductDoc } from '../../domain/catalog';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import { selectProductDocColumns, toProductDocs } from './product-docs';
import { toReviewDocs, type ReviewDocWithFlag } from './review-docs';
import { pull } from './sync-pull';

/** A document of a view: live, with its descriptions in `language` alone when one is given (the pull's rule). */
export function viewDoc(doc: ProductDoc, language: TextLanguage | undefined): ProductDoc & { _deleted: false } {
  return { ...doc, descriptions: language === undefined ? doc.descriptions : onlyShown(doc.descriptions, language), _deleted: false };
}

/** The live products of `ids` (an unknown or deleted id is simply absent), in the order asked. */
export async function liveProductsByIds(db: Database, ids: readonly number[]): Promise<ProductDoc[]> {
  if (ids.length === 0) return [];
  const rows = await selectProductDocColumns(db.kysely).where('products.id', 'in', [...ids]).where('products.deleted', '=', 0).execute();
  const byId = new Map((await toProductDocs(db.kysely, rows)).map((d) => [Number(d.id), d]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The live reviews of a live product, its latest `limit` (newest first, then the highest id), as the reviews pull
 * sends them; none for an unknown or deleted product (GET /api/products/{id}/reviews answers 404 for it).
 */
export async function liveReviewsOf(db: Database, productId: number, limit: number): Promise<ReviewDocWithFlag[]> {
  const read = async (tx: Tx) => {
    const product = await tx.selectFrom('products').select('id').where('id', '=', productId).where('deleted', '=', 0).executeTakeFirst();
    if (!product) return [];
    const rows = await tx
      .selectFrom('reviews')
      .selectAll()
      .where('product_id', '=', productId)
      .where('deleted', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return toReviewDocs(tx, rows);
  };
  // One read transaction: the product's state and its reviews of the same moment.
  return db.kysely.transaction().execute(read);
}

/** Documents a size sample reads (a pull batch's worth is enough for its mean length and compression). */
export const SIZE_SAMPLE = 200;
/** How long a size estimate is kept. */
export const SIZE_TTL_MS = 60_000;

export interface CatalogueSizeEstimate {
  products: number;
  bytes: number;
}

/**
 * The live products and about how many bytes pulling all of them transfers: their count times the mean
 * gzip-compressed length of a sample batch as a pull sends it (descriptions in `language` when given), kept a
 * minute per language.
 */
export function catalogueSizeEstimator(db: Database, now: () => number = Date.now) {
  const kept = new Map<string, { at: number; value: Promise<CatalogueSizeEstimate> }>();
  const estimate = async (language: TextLanguage | undefined): Promise<CatalogueSizeEstimate> => {
    const row = await db.kysely
      .selectFrom('products')
      .where('products.deleted', '=', 0)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const products = Number(row?.n ?? 0);
    if (products === 0) return { products, bytes: 0 };
    const sample = await pull(db, 'products', { after: null, limit: SIZE_SAMPLE, descriptionsIn: language });
    if (sample.documents.length === 0) return { products, bytes: 0 };
    const compressed = gzipSync(JSON.stringify(sample)).length;
    return { products, bytes: Math.round((compressed / sample.documents.length) * products) };
  };
  return (language: TextLanguage | undefined): Promise<CatalogueSizeEstimate> => {
    const key = language ?? '*';
    const hit = kept.get(key);
    if (hit && now() - hit.at < SIZE_TTL_MS) return hit.value;
    const value = estimate(language);
    kept.set(key, { at: now(), value });
    // A failed estimate is not kept.
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
