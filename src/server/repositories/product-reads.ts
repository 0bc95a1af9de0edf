/** Single products, related products and stock, read as documents. */
import type { ProductDoc, VariantRow } from '../../domain/catalog';
import type { Database } from '../db/database';
import { idText } from '../db/id-text';
import type { Tx } from '../db/write-transaction';
import type { ShopNames } from '../http/product-response';
import { textsOf } from './text-columns';
import { loadVariants, selectProductDocColumns, toProductDoc, toProductDocs, type ProductDocWithFlag } from './product-docs';

export async function findProductDoc(
  db: Database,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<ProductDocWithFlag | null> {
  return readProductDoc(db.kysely, id, options);
}

/** findProductDoc within a transaction (a write reads back what it wrote, not what a later write left). */
export async function readProductDoc(
  tx: Tx,
  id: number,
  options: { includeDeleted?: boolean } = {},
): Promise<ProductDocWithFlag | null> {
  let query = selectProductDocColumns(tx).where('products.id', '=', id);
  if (!options.includeDeleted) query = query.where('products.deleted', '=', 0);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const variants = await loadVariants(tx, [row.id]);
  return toProductDoc(row, variants.get(row.id) ?? []);
}

/**
 * Related products: live products of the same subcategory first, then of the
 * same gender; each group by popularity (sales desc, then id as text desc,
 * the listing's tie-break).
 */
export async function relatedProducts(db: Database, product: ProductDoc, limit: number): Promise<ProductDoc[]> {
  const id = Number(product.id);
  const base = () =>
    selectProductDocColumns(db.kysely)
      .where('products.deleted', '=', 0)
      .where('products.id', '<>', id)
      .orderBy('products.sales_count', 'desc')
      .orderBy(idText(db.dialect, 'products.id'), 'desc');
  const sameCategory = await base().where('products.category_id', '=', product.category_id).limit(limit).execute();
  const rows = [...sameCategory];
  if (rows.length < limit) {
    const sameGender = await base()
      .where('products.gender', '=', product.gender)
      .where('products.category_id', '<>', product.category_id)
      .limit(limit - rows.length)
      .execute();
    rows.push(...sameGender);
  }
  return toProductDocs(db.kysely, rows);
}

export interface StockRecord {
  productId: number;
  totalQuantity: number;
  variants: VariantRow[];
}

/** Stock of a live product and its variants, or null when the product does not exist (or is deleted). */
export async function findStock(db: Database, productId: number): Promise<StockRecord | null> {
  const row = await db.kysely
    .selectFrom('products')
    .select(['id', 'stock_quantity'])
    .where('id', '=', productId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  const variants = await loadVariants(db.kysely, [row.id]);
  return { productId: row.id, totalQuantity: row.stock_quantity, variants: variants.get(row.id) ?? [] };
}

/** The names of the given shops (the REST product shape shows them in every language; documents carry only English). */
export async function shopNames(db: Database, shopIds: readonly number[]): Promise<Map<number, ShopNames>> {
  const ids = [...new Set(shopIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.kysely.selectFrom('shops').select(['id', 'name', 'name_ar', 'names_json']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { name_ar: r.name_ar, names: textsOf(r.names_json, r.name, r.name_ar) }]));
}
