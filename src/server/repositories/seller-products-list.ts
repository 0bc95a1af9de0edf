/**
 * GET /api/seller/products: the seller's own products, published or not (docs/SELLERS.md "Products"). Search is
 * the catalogue's rule (src/domain/search.ts over the names in every language) or the product's exact SKU; the
 * status filter is one of
 * - published / unpublished: the seller's flag (a published product of a shop that is not active is still not
 *   public; the shop's status says so);
 * - low_stock: in stock, with a variant at or below the product's low-stock threshold;
 * - out_of_stock: no variant in stock.
 * Newest first (created_at, then id), paged like the other lists.
 */
import { sql, type SqlBool, type Expression } from 'kysely';
import { searchTerms } from '../../domain/search';
import type { Database } from '../db/database';
import { termsFoundIn } from '../db/search-text';
import { selectProductDocColumns, toProductDocs } from './product-docs';
import type { SellerProductDoc } from './seller-products';

export const SELLER_PRODUCT_STATUSES = ['published', 'unpublished', 'low_stock', 'out_of_stock'] as const;
export type SellerProductStatus = (typeof SELLER_PRODUCT_STATUSES)[number];

export interface SellerProductQuery {
  search?: string;
  status?: SellerProductStatus;
  page: number;
  perPage: number;
}

export interface SellerProductPage {
  items: SellerProductDoc[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

export async function listSellerProducts(db: Database, shopId: number, q: SellerProductQuery): Promise<SellerProductPage> {
  const where = (): Expression<SqlBool>[] => {
    const conditions: Expression<SqlBool>[] = [sql<SqlBool>`products.shop_id = ${shopId}`];
    if (q.status === 'published') conditions.push(sql<SqlBool>`products.published = 1`);
    if (q.status === 'unpublished') conditions.push(sql<SqlBool>`products.published = 0`);
    if (q.status === 'out_of_stock') conditions.push(sql<SqlBool>`products.stock_quantity = 0`);
    if (q.status === 'low_stock') {
      conditions.push(
        sql<SqlBool>`products.stock_quantity > 0 and exists (select 1 from product_variants v where v.product_id = products.id and v.stock <= products.low_stock_threshold)`,
      );
    }
    const terms = q.search === undefined ? [] : searchTerms(q.search);
    if (terms.length > 0) {
      const sku = q.search?.trim() ?? '';
      conditions.push(sql<SqlBool>`(${termsFoundIn(db.dialect, 'products.search_text', terms)} or products.sku = ${sku})`);
    }
    return conditions;
  };
  const counted = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(where()))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await selectProductDocColumns(db.kysely)
    .select(['products.published', 'products.low_stock_threshold', 'products.moderation_reason'])
    .where((eb) => eb.and(where()))
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  const docs = await toProductDocs(db.kysely, rows);
  const flags = new Map(rows.map((r) => [String(r.id), r]));
  return {
    items: docs.map((doc) => {
      const r = flags.get(doc.id);
      return { doc, published: r?.published === 1, lowStockThreshold: r?.low_stock_threshold ?? 0, moderationReason: r?.moderation_reason ?? null };
    }),
    total,
    page: q.page,
    perPage: q.perPage,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
  };
}
