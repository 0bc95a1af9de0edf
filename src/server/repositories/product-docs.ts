/**
 * Reads products as ProductDoc (src/domain/catalog.ts): the one mapping from
 * rows to documents, used by the REST API and by replication alike.
 */
import type { ProductDoc, Variant, VariantRow } from '../../domain/catalog';
import { variantPricesOf } from '../../domain/commerce';
import { fromCentimes } from '../../domain/money';
import type { Tx } from '../db/write-transaction';
import { facetValues } from './facets';
import { textsOf } from './text-columns';

/** The product columns and joined names a document needs. */
export const PRODUCT_DOC_COLUMNS = [
  'products.id',
  'products.shop_id',
  'products.category_id',
  'products.gender',
  'products.sku',
  'products.name',
  'products.name_ar',
  'products.description',
  'products.description_ar',
  'products.names_json',
  'products.descriptions_json',
  'products.price_cents',
  'products.discount_cents',
  'products.effective_cents',
  'products.has_discount',
  'products.discount_percent',
  'products.colors_mask',
  'products.sizes_mask',
  'products.fabrics_mask',
  'products.stock_quantity',
  'products.in_stock',
  'products.handmade',
  'products.customizable',
  'products.express',
  'products.rating_x10',
  'products.reviews_count',
  'products.sales_count',
  'products.images_json',
  'products.made_in',
  'products.shipping_from',
  'products.created_at',
  'products.updated_at',
  'products.deleted',
  'categories.slug as category_slug',
  'categories.name_en as category_name_en',
  'categories.name_ar as category_name_ar',
  'categories.names_json as category_names_json',
  'shops.name as shop_name',
  'shops.slug as shop_slug',
] as const;

export function selectProductDocColumns(tx: Tx) {
  return tx
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(PRODUCT_DOC_COLUMNS);
}

export type ProductDocRow = Awaited<ReturnType<ReturnType<typeof selectProductDocColumns>['executeTakeFirstOrThrow']>>;

export interface ProductDocWithFlag extends ProductDoc {
  _deleted: boolean;
}

function parseImages(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Variants of the given products (list price and stock), grouped by product id, in id order. */
export async function loadVariants(tx: Tx, productIds: readonly number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'sku', 'size', 'color', 'fabric', 'price_cents', 'stock'])
    .where('product_id', 'in', [...productIds])
    .orderBy('product_id')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = byProduct.get(r.product_id) ?? [];
    list.push({
      id: r.id,
      sku: r.sku,
      size: r.size as VariantRow['size'],
      color: r.color as VariantRow['color'],
      fabric: r.fabric as VariantRow['fabric'],
      price: fromCentimes(r.price_cents),
      stock_quantity: r.stock,
    });
    byProduct.set(r.product_id, list);
  }
  return byProduct;
}

/** A variant of the document: its row with the price fields its product's sale gives it (variantPricesOf). */
function pricedVariant(product: { price: number; effective_price: number }, v: VariantRow): Variant {
  return {
    id: v.id,
    sku: v.sku,
    size: v.size,
    color: v.color,
    fabric: v.fabric,
    price: v.price,
    ...variantPricesOf(product, v),
    stock_quantity: v.stock_quantity,
  };
}

export function toProductDoc(row: ProductDocRow, variants: readonly VariantRow[]): ProductDocWithFlag {
  const images = parseImages(row.images_json);
  const price = fromCentimes(row.price_cents);
  const effectivePrice = fromCentimes(row.effective_cents);
  return {
    id: String(row.id),
    name: row.name,
    name_ar: row.name_ar,
    description: row.description,
    description_ar: row.description_ar,
    names: textsOf(row.names_json, row.name, row.name_ar),
    descriptions: textsOf(row.descriptions_json, row.description, row.description_ar),
    sku: row.sku,
    category_id: row.category_id,
    category_slug: row.category_slug,
    category_name_en: row.category_name_en,
    category_name_ar: row.category_name_ar,
    category_names: textsOf(row.category_names_json, row.category_name_en, row.category_name_ar),
    gender: row.gender as ProductDoc['gender'],
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    shop_slug: row.shop_slug,
    price,
    discount_price: row.discount_cents === null ? null : fromCentimes(row.discount_cents),
    has_discount: row.has_discount === 1,
    discount_percent: row.discount_percent,
    effective_price: effectivePrice,
    colors: facetValues('colors', row.colors_mask),
    sizes: facetValues('sizes', row.sizes_mask),
    fabrics: facetValues('fabrics', row.fabrics_mask),
    variants: variants.map((v) => pricedVariant({ price, effective_price: effectivePrice }, v)),
    stock_quantity: row.stock_quantity,
    in_stock: row.in_stock === 1,
    handmade: row.handmade === 1,
    customizable: row.customizable === 1,
    express: row.express === 1,
    rating: row.rating_x10 / 10,
    reviews_count: row.reviews_count,
    sales_count: row.sales_count,
    main_image: images[0] ?? '',
    images,
    made_in: row.made_in,
    shipping_from: row.shipping_from,
    created_at: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    _deleted: row.deleted === 1,
  };
}

/** Turns rows into documents, loading all their variants in one query. */
export async function toProductDocs(tx: Tx, rows: readonly ProductDocRow[]): Promise<ProductDocWithFlag[]> {
  const variants = await loadVariants(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProductDoc(r, variants.get(r.id) ?? []));
}
