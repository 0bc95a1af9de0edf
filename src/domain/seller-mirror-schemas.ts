/**
 * What the seller's mirror keeps of the seller API's answers (issue 23, docs/SELLERS.md "Offline"): the own shop
 * (GET /api/seller/shop), the shop's products (GET /api/seller/products, published or not) and its orders
 * (GET /api/seller/orders: orderDocSchema, the shop's lines only). Only the fields the seller's app shows are
 * kept (zod strips the rest), so the local copy stays small; an answer that lacks one is not stored.
 */
import { z } from 'zod';
import { COLORS, FABRICS, SIZES } from './catalog-constants';
import { localizedTextSchema } from './catalog';

const id = z.number().int().positive();
const mad = z.number().nonnegative();
const count = z.number().int().nonnegative();

export const SELLER_SHOP_STATUSES = ['pending', 'active', 'suspended'] as const;

export const sellerShopSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  status: z.enum(SELLER_SHOP_STATUSES),
  is_verified: z.boolean(),
  products_count: count,
});
export type SellerShopDoc = z.infer<typeof sellerShopSchema>;

export const sellerVariantSchema = z.object({
  id,
  sku: z.string(),
  size: z.enum(SIZES),
  color: z.enum(COLORS),
  fabric: z.enum(FABRICS),
  /** The variant's list price (MAD): its own, or the product's when it has none. */
  original_price: mad,
  stock_quantity: count,
});
export type SellerVariantDoc = z.infer<typeof sellerVariantSchema>;

export const sellerProductSchema = z.object({
  id,
  name: z.string(),
  name_ar: z.string(),
  names: localizedTextSchema,
  descriptions: localizedTextSchema,
  price: mad,
  original_price: mad,
  discount_price: mad.nullable(),
  main_image: z.string(),
  images: z.array(z.string()),
  category_id: id,
  stock_quantity: count,
  stock_status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
  customizable: z.boolean(),
  handmade: z.boolean(),
  is_express: z.boolean(),
  sku: z.string(),
  variants: z.array(sellerVariantSchema),
  published: z.boolean(),
  visible: z.boolean(),
  low_stock_threshold: count,
  /** Why Souk unpublished it (the operator's reason), null when it did not; absent from mirrors stored before it was kept. */
  moderation_reason: z.string().nullable().optional(),
});
export type SellerProductDoc = z.infer<typeof sellerProductSchema>;
