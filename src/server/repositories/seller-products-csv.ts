/**
 * The seller's CSV (docs/SELLERS.md "CSV"): import writes the file's valid products in one transaction — each
 * product found by its SKU in the shop is updated (its variants matched by size × colour × fabric: kept ones keep
 * their ids, missing ones go, new ones come), any other is created — through the same write model as the product
 * form (seller-products.ts), so every derived column, count, stamp and announcement is the same. A product the
 * database refuses (a category that is not a subcategory, a SKU another product has) is left out whole and
 * reported at its line; a product whose state does not change is not written (an export imported again changes
 * nothing). Export writes every product of the shop, published or not, one row per variant.
 */
import { csvLine, CSV_HEADER_LINE, exportRowCells, type CsvError, type CsvProduct } from '../../domain/product-csv';
import type { SellerProductPatch } from '../../domain/seller-product';
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import {
  loadProduct,
  nextState,
  productStateOf,
  selectProductState,
  SellerProductError,
  sellerWrite,
  SKU_TAKEN_MESSAGE,
  VARIANT_STATE_COLUMNS,
  writeState,
  type WriteBatch,
} from './seller-products';

export interface ImportResult {
  created: number;
  updated: number;
  errors: CsvError[];
}

function patchOf(p: CsvProduct): SellerProductPatch {
  const patch: SellerProductPatch = {
    names: { map: p.names },
    categoryId: p.categoryId,
    priceCents: p.priceCents,
    discountCents: p.discountCents,
    variants: p.variants,
  };
  if (p.descriptions !== undefined) patch.descriptions = { map: p.descriptions };
  if (p.handmade !== undefined) patch.handmade = p.handmade;
  if (p.customizable !== undefined) patch.customizable = p.customizable;
  if (p.express !== undefined) patch.express = p.express;
  if (p.madeIn !== undefined) patch.madeIn = p.madeIn;
  if (p.shippingFrom !== undefined) patch.shippingFrom = p.shippingFrom;
  if (p.lowStockThreshold !== undefined) patch.lowStockThreshold = p.lowStockThreshold;
  if (p.published !== undefined) patch.published = p.published;
  return patch;
}

/** A write model refusal at the file's line and column. */
function errorAt(p: CsvProduct, error: SellerProductError): CsvError {
  const variant = /^variants\.(\d+)\.(\w+)$/.exec(error.field);
  if (variant) return { line: p.variantLines[Number(variant[1])] ?? p.line, column: variant[2] ?? '', message: error.message };
  const column = error.field === 'sku' ? 'product_sku' : error.field;
  return { line: p.line, column, message: error.message };
}

async function importOne(tx: Tx, batch: WriteBatch, p: CsvProduct, now: number): Promise<'created' | 'updated' | 'same' | CsvError> {
  const found = await tx.selectFrom('products').select(['id', 'shop_id']).where('sku', '=', p.sku).executeTakeFirst();
  if (found && found.shop_id !== batch.shop.id) return { line: p.line, column: 'product_sku', message: SKU_TAKEN_MESSAGE };
  const current = found ? await loadProduct(tx, batch.shop.id, found.id) : null;
  const state = nextState(current?.state ?? null, patchOf(p), batch.shop, p.sku);
  try {
    const { changed } = await writeState(tx, batch, current, state, now);
    return current === null ? 'created' : changed ? 'updated' : 'same';
  } catch (error) {
    if (error instanceof SellerProductError) return errorAt(p, error);
    throw error;
  }
}

/** Writes the file's products (already read: readProductCsv) to the seller's shop; `errors` are the file's own. */
export async function importSellerProducts(db: Database, userId: number, products: readonly CsvProduct[], fileErrors: readonly CsvError[]): Promise<ImportResult> {
  return sellerWrite(db, userId, [], async (tx, batch) => {
    const result: ImportResult = { created: 0, updated: 0, errors: [...fileErrors] };
    const now = Date.now();
    for (const p of products) {
      const outcome = await importOne(tx, batch, p, now);
      if (outcome === 'created') result.created += 1;
      else if (outcome === 'updated') result.updated += 1;
      else if (outcome !== 'same') result.errors.push(outcome);
    }
    result.errors.sort((a, b) => a.line - b.line);
    return result;
  });
}

/** The shop's products as CSV text (header first, CRLF lines), products and variants in id order. */
export async function exportSellerProducts(db: Database, shopId: number): Promise<string> {
  const products = await selectProductState(db.kysely).where('shop_id', '=', shopId).orderBy('id').execute();
  const variants = await db.kysely
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.product_id', ...VARIANT_STATE_COLUMNS.map((c) => `product_variants.${c}` as const)])
    .where('products.shop_id', '=', shopId)
    .orderBy('product_variants.product_id')
    .orderBy('product_variants.id')
    .execute();
  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push(v);
    byProduct.set(v.product_id, list);
  }
  const out: string[] = [CSV_HEADER_LINE];
  for (const p of products) {
    const { sku, variants: stateVariants, images: _images, ...product } = productStateOf(p, byProduct.get(p.id) ?? []);
    for (const v of stateVariants) {
      out.push(
        csvLine(
          exportRowCells({
            ...product,
            productSku: sku,
            size: v.size,
            color: v.color,
            fabric: v.fabric,
            variantPriceCents: v.priceCents,
            stock: v.stock,
            sku: v.sku,
          }),
        ),
      );
    }
  }
  return out.join('');
}
