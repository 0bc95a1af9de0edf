/**
 * A seller's product as they write it (issue 23, docs/SELLERS.md "Products" and "Variants"): the fields of the
 * product form and of a CSV import, before the server derives the stored columns from them. Pure and zod-free, so
 * the seller's app can share the rules (variant keys, default SKUs, limits).
 *
 * Amounts are integer centimes here (src/domain/money.ts); the API takes and answers MAD.
 */
import type { Color, Fabric, Size } from './catalog-constants';
import type { LocalizedText } from './catalog-text';

/** A product's low-stock threshold when the seller gives none (issue 23). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;
/** The largest threshold and stock a seller may set (stock is an integer column). */
export const MAX_STOCK = 1_000_000;
export const MAX_LOW_STOCK_THRESHOLD = 10_000;
/** Variants a product may have: every size × colour × fabric of the spec's lists. */
export const MAX_VARIANTS = 6 * 6 * 6;
/** A SKU: 1..64 characters of letters, digits, `-`, `_` and `.`. */
export const SKU_MAX = 64;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** made_in and shipping_from: free text up to this many characters. */
export const PLACE_MAX = 100;
/** Images a product may have, and the largest upload (issue 23). */
export const PRODUCT_IMAGES_MAX = 8;
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface SellerVariantInput {
  size: Size;
  color: Color;
  fabric: Fabric;
  /** The variant's list price; null: the product's price. */
  priceCents: number | null;
  stock: number;
  /** null: made from the product's SKU (defaultVariantSku). */
  sku: string | null;
}

/** A product's texts as written: a map replaces the stored one; the spec's pair fills English and Arabic. */
export interface SellerTextsInput {
  map?: LocalizedText;
  en?: string;
  ar?: string;
}

/** Everything a new product needs (a CSV row group gives the same). */
export interface SellerProductInput {
  /** null: the server makes one. */
  sku: string | null;
  names: SellerTextsInput;
  descriptions: SellerTextsInput;
  categoryId: number;
  priceCents: number;
  discountCents: number | null;
  handmade: boolean;
  customizable: boolean;
  express: boolean;
  madeIn: string;
  shippingFrom: string;
  lowStockThreshold: number;
  published: boolean;
  variants: SellerVariantInput[];
}

/** An edit: any of the product's fields; `variants`, when given, is the whole new list (matched by key). */
export type SellerProductPatch = Partial<Omit<SellerProductInput, 'sku'>> & { sku?: string };

/** A variant's identity within its product: size × colour × fabric. */
export function variantKey(v: { size: string; color: string; fabric: string }): string {
  return `${v.size}|${v.color}|${v.fabric}`;
}

/** The index of the first variant that repeats an earlier one's size × colour × fabric, or -1. */
export function firstRepeatedVariant(variants: readonly { size: string; color: string; fabric: string }[]): number {
  const seen = new Set<string>();
  for (const [i, v] of variants.entries()) {
    const key = variantKey(v);
    if (seen.has(key)) return i;
    seen.add(key);
  }
  return -1;
}

/** The index of the first variant whose SKU an earlier one already has (case-sensitive), or -1. */
export function firstRepeatedSku(skus: readonly (string | null)[]): number {
  const seen = new Set<string>();
  for (const [i, s] of skus.entries()) {
    if (s === null) continue;
    if (seen.has(s)) return i;
    seen.add(s);
  }
  return -1;
}

/** The SKU a variant gets when the seller gives none: the seed's pattern, e.g. KAF-1-M-RED-SIL. */
export function defaultVariantSku(productSku: string, v: { size: string; color: string; fabric: string }): string {
  return `${productSku}-${v.size}-${v.color.slice(0, 3).toUpperCase()}-${v.fabric.slice(0, 3).toUpperCase()}`;
}
