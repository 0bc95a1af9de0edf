/**
 * Stored shapes of the catalogue collections: what a document looks like in
 * IndexedDB, and the conversions on the way in (the replication's pull
 * modifier, src/sync/replication.ts) and out (src/db/queries/plain-docs.ts).
 *
 * Products are stored compactly (issue 22): a product carries its texts in up
 * to six languages (`names`, `descriptions`, `category_names`), and the spec's
 * single-language fields of the wire document repeat them (`name` is the
 * English name, else the first held along the fallback chain; `description` is
 * exactly the English description; src/domain/catalog.ts). The stored document
 * keeps the maps and leaves out each such field whose value is what the maps
 * give (DERIVED_PRODUCT_FIELDS); a field the server sent with another value is
 * kept as sent. So too a variant's price fields (issue 21): they are what
 * variantPricesOf gives from the product's prices and the variant's list price
 * (the server's one document mapping applies it), and a variant stores them
 * only when they are not. And the maps' texts in Arabic script (Darija and
 * Arabic) are stored one byte per character (packed-text.ts toStoredText), half
 * of what V8's serializer gives a two-byte string. Reading puts everything back
 * in the wire's key order, so a document read equals what the server sent, key
 * for key.
 * Categories and shops (a few dozen to hundreds) are stored as sent.
 *
 * Local derived fields would be named `q_…` by convention (none today: the
 * listing is filtered and sorted in the data worker's in-memory index,
 * src/db/listing-index.ts); withoutQueryFields strips such fields before a
 * document leaves the query API.
 */
import type { CategoryDoc, ProductDoc, ShopDoc, Variant, VariantRow } from '../domain/catalog';
import { textIn, type LocalizedText } from '../domain/catalog-text';
import { variantPricesOf } from '../domain/commerce';
import { fromStoredText, toStoredText } from './packed-text';

/** The wire fields a stored product leaves out when the maps give their value. */
export const DERIVED_PRODUCT_FIELDS = ['name', 'name_ar', 'description', 'description_ar', 'category_name_en', 'category_name_ar'] as const;
export type DerivedProductField = (typeof DERIVED_PRODUCT_FIELDS)[number];

/** A stored variant: its price fields only when variantPricesOf does not give them (then all four). */
export type StoredVariant = VariantRow & Partial<Omit<Variant, keyof VariantRow>>;
export type StoredProduct = Omit<ProductDoc, DerivedProductField | 'variants'> &
  Partial<Pick<ProductDoc, DerivedProductField>> & { variants: StoredVariant[] };
export type StoredCategory = CategoryDoc;
export type StoredShop = ShopDoc;

type Texts = Pick<ProductDoc, 'names' | 'descriptions' | 'category_names'>;

/**
 * What each left-out field is when the maps give it (productDocSchema's rule): a name is its language's, else the
 * first held along the fallback chain (textIn); a description is exactly its language's, '' when not held.
 */
const DERIVE: Record<DerivedProductField, (d: Texts) => string> = {
  name: (d) => textIn(d.names, 'en'),
  name_ar: (d) => textIn(d.names, 'ar'),
  description: (d) => d.descriptions.en ?? '',
  description_ar: (d) => d.descriptions.ar ?? '',
  category_name_en: (d) => textIn(d.category_names, 'en'),
  category_name_ar: (d) => textIn(d.category_names, 'ar'),
};

/** ProductDoc's keys in the wire's order (productDocSchema's; zod parses every pulled document into it). */
export const PRODUCT_DOC_KEYS = [
  'id', 'name', 'name_ar', 'description', 'description_ar', 'names', 'descriptions', 'sku', 'category_id',
  'category_slug', 'category_name_en', 'category_name_ar', 'category_names', 'gender', 'shop_id', 'shop_name',
  'shop_slug', 'price', 'discount_price', 'has_discount', 'discount_percent', 'effective_price', 'colors', 'sizes',
  'fabrics', 'variants', 'stock_quantity', 'in_stock', 'handmade', 'customizable', 'express', 'rating',
  'reviews_count', 'sales_count', 'main_image', 'images', 'made_in', 'shipping_from', 'created_at', 'updatedAt',
] as const satisfies readonly (keyof ProductDoc)[];

/** A variant as stored: without its price fields when they are the ones variantPricesOf gives. */
function toStoredVariant(product: Pick<ProductDoc, 'price' | 'effective_price'>, v: Variant): StoredVariant {
  const p = variantPricesOf(product, v);
  if (p.discount_price !== v.discount_price || p.has_discount !== v.has_discount || p.discount_percent !== v.discount_percent || p.effective_price !== v.effective_price) {
    return v;
  }
  return { id: v.id, sku: v.sku, size: v.size, color: v.color, fabric: v.fabric, price: v.price, stock_quantity: v.stock_quantity };
}

/** The wire's variant again, keys in variantSchema's order. */
function fromStoredVariant(product: Pick<ProductDoc, 'price' | 'effective_price'>, v: StoredVariant): Variant {
  if (v.discount_price !== undefined && v.has_discount !== undefined && v.discount_percent !== undefined && v.effective_price !== undefined) {
    return v as Variant;
  }
  return { id: v.id, sku: v.sku, size: v.size, color: v.color, fabric: v.fabric, price: v.price, ...variantPricesOf(product, v), stock_quantity: v.stock_quantity };
}

/** A map's texts as stored (toStoredText: Arabic script one byte per character). */
export function toStoredTexts(texts: LocalizedText): LocalizedText {
  const out: Record<string, string> = {};
  for (const [language, text] of Object.entries(texts)) if (text !== undefined) out[language] = toStoredText(text);
  return out;
}

/** A stored map's texts as they were (fromStoredText). */
export function fromStoredTexts(stored: LocalizedText): LocalizedText {
  const out: Record<string, string> = {};
  for (const [language, text] of Object.entries(stored)) if (text !== undefined) out[language] = fromStoredText(text);
  return out;
}

type Stored<T extends ProductDoc> = Omit<T, DerivedProductField | 'variants'> & Partial<Pick<ProductDoc, DerivedProductField>> & { variants: StoredVariant[] };

/**
 * The document as stored: the single-language fields the maps give and the variant prices variantPricesOf gives
 * are left out (the pulled `_deleted` flag passes).
 */
export function toStoredProduct<T extends ProductDoc>(doc: T): Stored<T> {
  const { name, name_ar, description, description_ar, category_name_en, category_name_ar, variants, ...rest } = doc;
  const stored: Stored<T> = {
    ...rest,
    names: toStoredTexts(doc.names),
    descriptions: toStoredTexts(doc.descriptions),
    category_names: toStoredTexts(doc.category_names),
    variants: variants.map((v) => toStoredVariant(doc, v)),
  };
  if (name !== DERIVE.name(doc)) stored.name = name;
  if (name_ar !== DERIVE.name_ar(doc)) stored.name_ar = name_ar;
  if (description !== DERIVE.description(doc)) stored.description = description;
  if (description_ar !== DERIVE.description_ar(doc)) stored.description_ar = description_ar;
  if (category_name_en !== DERIVE.category_name_en(doc)) stored.category_name_en = category_name_en;
  if (category_name_ar !== DERIVE.category_name_ar(doc)) stored.category_name_ar = category_name_ar;
  return stored;
}

/** The wire document again: every left-out field from the maps, in the wire's key order (PRODUCT_DOC_KEYS). */
export function fromStoredProduct(stored: StoredProduct): ProductDoc {
  const texts: Texts = {
    names: fromStoredTexts(stored.names),
    descriptions: fromStoredTexts(stored.descriptions),
    category_names: fromStoredTexts(stored.category_names),
  };
  const out: Record<string, unknown> = {};
  const from = { ...stored, ...texts } as Partial<Record<keyof ProductDoc, unknown>>;
  for (const key of PRODUCT_DOC_KEYS) {
    const value = from[key];
    out[key] = value === undefined && key in DERIVE ? DERIVE[key as DerivedProductField](texts) : value;
  }
  out.variants = stored.variants.map((v) => fromStoredVariant(stored, v));
  return out as ProductDoc;
}

/** The document as stored (as sent). */
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
