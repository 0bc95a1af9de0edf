/**
 * Bodies of the seller's product routes (docs/SELLERS.md "Products", "Variants"): the product form (POST, PATCH),
 * a variant (POST .../variants), a variant's stock and price (PATCH .../variants/{id}) and the images' order.
 * Amounts are MAD (at most 2 decimals), turned into centimes here. Texts are issue 22's: `names`/`descriptions`
 * maps and the spec's pair, validated by catalog-texts-body.ts. Refusals are 422 VALIDATION naming each field
 * (`variants.1.size`), as http/body.ts answers; unknown fields are refused, so a typo never passes silently.
 */
import { z } from 'zod';
import { COLORS, FABRICS, SIZES } from '../../domain/catalog';
import { toCentimes } from '../../domain/money';
import {
  firstRepeatedSku,
  firstRepeatedVariant,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_STOCK,
  MAX_VARIANTS,
  PLACE_MAX,
  SKU_PATTERN,
  type SellerProductPatch,
  type SellerTextsInput,
  type SellerVariantInput,
} from '../../domain/seller-product';
import { MAX_CENTS } from '../repositories/price-bounds';
import { ApiError } from './api-error';
import { fieldMessages } from './body';
import { catalogTextsBodySchema } from './catalog-texts-body';
import type { ParameterIssue } from './validation';

const TEXT_KEYS = ['names', 'name', 'name_ar', 'descriptions', 'description', 'description_ar'] as const;
const label = (field: string) => field.replace(/_/g, ' ');

export const sellerMessages = {
  amount: (field: string) => `The ${label(field)} must be a number of MAD with at most 2 decimals.`,
  positive: (field: string) => `The ${label(field)} must be greater than 0.`,
  integer: (field: string, min: number, max: number) => `The ${label(field)} must be a whole number from ${min} to ${max}.`,
  boolean: (field: string) => `The ${label(field)} field must be true or false.`,
  sku: (field: string) => `The ${label(field)} may only hold 1 to 64 letters, digits, ".", "_" and "-".`,
  discount: () => 'The discount price must be less than the price.',
  variantsMin: () => 'A product needs at least one variant.',
  variantsMax: () => `A product may have at most ${MAX_VARIANTS} variants.`,
  repeatedVariant: () => 'Each variant needs its own size, color and fabric.',
  repeatedSku: () => 'The sku has already been taken.',
  nothing: () => 'Give at least one field to change.',
};

/** A MAD amount ≥ 0 with at most 2 decimals, within the stored range, as centimes. */
function madField(field: string) {
  return z
    .number({ error: () => sellerMessages.amount(field) })
    .refine((n) => Number.isFinite(n) && n >= 0 && Math.abs(n * 100 - Math.round(n * 100)) <= 1e-6 && toCentimes(n) <= MAX_CENTS, sellerMessages.amount(field))
    .transform((n) => toCentimes(n));
}

function intField(field: string, min: number, max: number) {
  return z
    .number({ error: () => sellerMessages.integer(field, min, max) })
    .int(sellerMessages.integer(field, min, max))
    .min(min, sellerMessages.integer(field, min, max))
    .max(max, sellerMessages.integer(field, min, max));
}

const boolField = (field: string) => z.boolean({ error: () => sellerMessages.boolean(field) });
const skuField = (field: string) => z.string({ error: () => sellerMessages.sku(field) }).trim().regex(SKU_PATTERN, sellerMessages.sku(field));
const placeField = (field: string) =>
  z
    .string({ error: () => fieldMessages.type(label(field)) })
    .trim()
    .max(PLACE_MAX, fieldMessages.max(label(field), PLACE_MAX))
    .refine((s) => !/\p{Cc}/u.test(s), `The ${label(field)} must not contain control characters.`);
const enumField = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: () => fieldMessages.invalid(field) });

/** One variant of the product form. */
export const variantBodySchema = z
  .strictObject(
    {
      size: enumField('size', SIZES),
      color: enumField('color', COLORS),
      fabric: enumField('fabric', FABRICS),
      price: madField('price').nullish(),
      stock: intField('stock', 0, MAX_STOCK),
      sku: skuField('sku').nullish(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `A variant may only hold size, color, fabric, price, stock and sku.` : 'A variant must be an object.') },
  )
  .transform(
    (v): SellerVariantInput => ({ size: v.size, color: v.color, fabric: v.fabric, priceCents: v.price ?? null, stock: v.stock, sku: v.sku ?? null }),
  );

const variantsField = z
  .array(variantBodySchema, { error: () => sellerMessages.variantsMin() })
  .min(1, sellerMessages.variantsMin())
  .max(MAX_VARIANTS, sellerMessages.variantsMax())
  .superRefine((variants, ctx) => {
    const repeated = firstRepeatedVariant(variants);
    if (repeated >= 0) ctx.addIssue({ code: 'custom', path: [repeated, 'size'], message: sellerMessages.repeatedVariant() });
    const sku = firstRepeatedSku(variants.map((v) => v.sku));
    if (sku >= 0) ctx.addIssue({ code: 'custom', path: [sku, 'sku'], message: sellerMessages.repeatedSku() });
  });

/** The product's own fields; texts are checked beside them (TEXT_KEYS, catalog-texts-body.ts). */
const fieldsShape = {
  sku: skuField('sku').optional(),
  category_id: z.number({ error: () => fieldMessages.invalid('category id') }).int(fieldMessages.invalid('category id')).positive(fieldMessages.invalid('category id')).max(MAX_CENTS, fieldMessages.invalid('category id')).optional(),
  price: madField('price').refine((c) => c > 0, sellerMessages.positive('price')).optional(),
  discount_price: madField('discount_price').nullable().optional(),
  handmade: boolField('handmade').optional(),
  customizable: boolField('customizable').optional(),
  is_express: boolField('is_express').optional(),
  made_in: placeField('made_in').optional(),
  shipping_from: placeField('shipping_from').optional(),
  low_stock_threshold: intField('low_stock_threshold', 0, MAX_LOW_STOCK_THRESHOLD).optional(),
  published: boolField('published').optional(),
  variants: variantsField.optional(),
  ...Object.fromEntries(TEXT_KEYS.map((k) => [k, z.unknown().optional()])),
};
const fieldsSchema = z.strictObject(fieldsShape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'The request body must be a JSON object.'),
});

function issuesOf(error: z.ZodError, prefix: readonly (string | number)[] = []): ParameterIssue[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    return { parameter: path.length > 0 ? path.join('.') : '(body)', message: issue.message };
  });
}

export function validationError(errors: readonly ParameterIssue[]): ApiError {
  return new ApiError('VALIDATION', { message: errors[0]?.message ?? 'The given data was invalid.', errors });
}

function objectOrThrow(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = 'The request body must be a JSON object.';
    throw validationError([{ parameter: '(body)', message }]);
  }
  return body as Record<string, unknown>;
}

/** A product form as the repository takes it; `create`: names, category_id, price and variants required. */
function parseProduct(raw: unknown, create: boolean): SellerProductPatch {
  const body = objectOrThrow(raw);
  const errors: ParameterIssue[] = [];
  const fields = fieldsSchema.safeParse(body);
  if (!fields.success) errors.push(...issuesOf(fields.error));
  const hasText = TEXT_KEYS.some((k) => body[k] !== undefined && body[k] !== null);
  let names: SellerTextsInput | undefined;
  let descriptions: SellerTextsInput | undefined;
  if (create || hasText) {
    const texts = catalogTextsBodySchema.safeParse(Object.fromEntries(TEXT_KEYS.map((k) => [k, body[k]])));
    if (!texts.success) errors.push(...issuesOf(texts.error));
    else {
      names = texts.data.names;
      descriptions = texts.data.descriptions;
      if (create && names.map === undefined && names.en === undefined && names.ar === undefined) {
        errors.push({ parameter: 'names', message: fieldMessages.required('names') });
      }
    }
  }
  if (fields.success) {
    const f = fields.data;
    if (create) {
      if (f.category_id === undefined) errors.push({ parameter: 'category_id', message: fieldMessages.required('category id') });
      if (f.price === undefined) errors.push({ parameter: 'price', message: fieldMessages.required('price') });
      if (f.variants === undefined) errors.push({ parameter: 'variants', message: sellerMessages.variantsMin() });
    }
    if (f.price !== undefined && f.discount_price !== undefined && f.discount_price !== null && f.discount_price >= f.price) {
      errors.push({ parameter: 'discount_price', message: sellerMessages.discount() });
    }
  }
  if (errors.length > 0 || !fields.success) throw validationError(errors);
  const f = fields.data;
  const patch: SellerProductPatch = {};
  if (f.sku !== undefined) patch.sku = f.sku;
  if (names !== undefined) patch.names = names;
  if (descriptions !== undefined) patch.descriptions = descriptions;
  if (f.category_id !== undefined) patch.categoryId = f.category_id;
  if (f.price !== undefined) patch.priceCents = f.price;
  if (f.discount_price !== undefined) patch.discountCents = f.discount_price;
  if (f.handmade !== undefined) patch.handmade = f.handmade;
  if (f.customizable !== undefined) patch.customizable = f.customizable;
  if (f.is_express !== undefined) patch.express = f.is_express;
  if (f.made_in !== undefined) patch.madeIn = f.made_in;
  if (f.shipping_from !== undefined) patch.shippingFrom = f.shipping_from;
  if (f.low_stock_threshold !== undefined) patch.lowStockThreshold = f.low_stock_threshold;
  if (f.published !== undefined) patch.published = f.published;
  if (f.variants !== undefined) patch.variants = f.variants;
  if (!create && Object.keys(patch).length === 0) throw validationError([{ parameter: '(body)', message: sellerMessages.nothing() }]);
  return patch;
}

/** POST /api/seller/products: names, category_id, price and variants required. */
export const parseCreateBody = (body: unknown): SellerProductPatch => parseProduct(body, true);
/** PATCH /api/seller/products/{id}: any field. */
export const parsePatchBody = (body: unknown): SellerProductPatch => parseProduct(body, false);

/** POST .../variants: one variant. */
export function parseVariantBody(body: unknown): SellerVariantInput {
  const result = variantBodySchema.safeParse(objectOrThrow(body));
  if (!result.success) throw validationError(issuesOf(result.error));
  return result.data;
}

export interface VariantPatch {
  stock?: number;
  /** null: back to the product's price. */
  priceCents?: number | null;
}

const variantPatchSchema = z
  .strictObject(
    { stock: intField('stock', 0, MAX_STOCK).optional(), price: madField('price').nullable().optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'A variant edit may only hold stock and price.' : 'The request body must be a JSON object.') },
  )
  .refine((v) => v.stock !== undefined || v.price !== undefined, { message: sellerMessages.nothing(), path: [] });

/** PATCH .../variants/{id}: {stock?, price?}. */
export function parseVariantPatchBody(body: unknown): VariantPatch {
  const result = variantPatchSchema.safeParse(objectOrThrow(body));
  if (!result.success) throw validationError(issuesOf(result.error));
  const out: VariantPatch = {};
  if (result.data.stock !== undefined) out.stock = result.data.stock;
  if (result.data.price !== undefined) out.priceCents = result.data.price;
  return out;
}

const orderSchema = z.strictObject(
  { order: z.array(z.string({ error: () => 'The order must list the images.' }).max(300), { error: () => 'The order must list the images.' }).max(64) },
  { error: () => 'The request body must be {"order": [...]}.' },
);

/** PATCH .../images: {order: [image, ...]}, each an image's URL or file name as the product lists it. */
export function parseImageOrderBody(body: unknown): string[] {
  const result = orderSchema.safeParse(objectOrThrow(body));
  if (!result.success) throw validationError(issuesOf(result.error));
  return result.data.order;
}
