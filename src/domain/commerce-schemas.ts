/**
 * Wire shapes of carts, wishlists and orders (docs/COMMERCE.md), validated with
 * zod on both ends: the server's bodies and answers, the personal pulls of
 * wishlist and orders (src/sync/protocol.ts) and the RxDB documents
 * (src/db/schemas, checked field by field against these).
 */
import { z } from 'zod';
import { COUNTRIES } from './account';
import { COUPON_KINDS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, MAX_LINE_QUANTITY, SHIPPING_METHODS, shippingMethodsFor } from './commerce';
import { ACCEPTED_COUNTRIES_TEXT, countryCodeOf } from './countries';

const money = z.number().nonnegative().multipleOf(0.01);
const epochMs = z.number().int().nonnegative();
const positiveId = z.number().int().positive();

export const couponSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().nonnegative(),
  minSubtotal: money,
});

/** One cart line as GET /api/cart sends it. `id` is the variant id: a cart holds one line per variant. */
export const cartItemSchema = z.object({
  id: positiveId,
  stock_id: positiveId,
  variant_id: positiveId,
  product_id: positiveId,
  quantity: z.number().int().positive(),
  unit_price: money,
  line_total: money,
  added_at: epochMs,
  product: z.object({
    id: positiveId,
    name: z.string(),
    name_ar: z.string(),
    main_image: z.string(),
    shop_id: positiveId,
    shop_name: z.string(),
    size: z.string(),
    color: z.string(),
    fabric: z.string(),
    price: money,
    /** The variant's stock now. */
    stock_quantity: z.number().int().nonnegative(),
  }),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** GET /api/cart's `data` (spec §3 Cart), and `data.cart` of every cart write. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  coupon_code: z.string().nullable(),
  coupon: couponSchema.nullable(),
  country: z.string(),
  subtotal: money,
  discount_amount: money,
  shipping_amount: money,
  tax_amount: money,
  total_amount: money,
  item_count: z.number().int().nonnegative(),
  /** Server time of the last change to this cart (ms). */
  updated_at: epochMs,
});
export type Cart = z.infer<typeof cartSchema>;

/** POST /api/cart/items. Either stock_id (the product id: its first variant in stock) or variant_id. */
export const addCartItemBodySchema = z.object({
  product_id: positiveId.optional(),
  stock_id: positiveId.optional(),
  variant_id: positiveId.optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

/** A wishlist document (personal pull `wishlist`, RxDB `wishlist`); id is the product id as text. */
export const wishlistDocSchema = z.object({
  id: z.string().regex(/^\d+$/),
  product_id: positiveId,
  notify_price_drop: z.boolean(),
  notify_back_in_stock: z.boolean(),
  notes: z.string().max(500),
  created_at: epochMs,
  updatedAt: epochMs,
});
export type WishlistDoc = z.infer<typeof wishlistDocSchema>;

export const shippingInfoSchema = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().min(1).max(30),
  street: z.string().min(1).max(200),
  apartment: z.string().max(100),
  city: z.string().min(1).max(100),
  state: z.string().min(1).max(100),
  postal_code: z.string().max(20),
  country: z.enum(COUNTRIES),
});
export type ShippingInfo = z.infer<typeof shippingInfoSchema>;

/** The refusal of a country the checkout does not offer: it names the accepted values. */
export const COUNTRY_MESSAGE = `The selected country is invalid. Accepted: ${ACCEPTED_COUNTRIES_TEXT}, as the code or the country's name in any of the six languages.`;

/**
 * shipping_info as POST /api/orders takes it (decisions.md "Order calls from API clients"): the apartment
 * may be left out (stored as ''), and the country may be its ISO code or a name the checkout offers in any
 * of the six languages ("Morocco", "Maroc", "المغرب"); it is stored as the code.
 */
export const shippingInfoBodySchema = shippingInfoSchema.extend({
  apartment: z.string().max(100).nullish().transform((v) => v ?? ''),
  country: z.string({ error: () => COUNTRY_MESSAGE }).transform((value, ctx) => {
    const code = countryCodeOf(value);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
      return z.NEVER;
    }
    return code;
  }),
});

export const orderItemSchema = z.object({
  product_id: positiveId,
  variant_id: positiveId,
  stock_id: positiveId,
  store_id: z.number().int().nonnegative(),
  name: z.string(),
  name_ar: z.string(),
  image: z.string(),
  color: z.string(),
  size: z.string(),
  fabric: z.string(),
  quantity: z.number().int().positive(),
  unit_price: money,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({ status: z.enum(ORDER_STATUSES), at: epochMs });

/**
 * An order (GET /api/orders, GET /api/orders/{id}, the personal pull `orders`, RxDB `orders`).
 * `id` is the client's reference (the `client_ref` it sent, a UUID) when the order was placed from the app,
 * else the server id as text: an order queued offline and the order the server made of it are one document.
 */
export const orderDocSchema = z.object({
  id: z.string().min(1).max(100),
  order_id: positiveId,
  order_number: z.string(),
  customer_id: positiveId,
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  items: z.array(orderItemSchema),
  shipping_info: shippingInfoSchema,
  subtotal: money,
  discount_amount: money,
  shipping_amount: money,
  tax_amount: money,
  total_amount: money,
  coupon_code: z.string().nullable(),
  /** standard or express (Morocco only); shipping_amount and estimated_delivery follow it. */
  shipping_method: z.enum(SHIPPING_METHODS),
  tracking_number: z.string(),
  estimated_delivery: epochMs,
  history: z.array(orderHistoryEntrySchema),
  created_at: epochMs,
  updatedAt: epochMs,
});
export type OrderDoc = z.infer<typeof orderDocSchema>;

export const SHIPPING_METHOD_MESSAGE = `The selected shipping method is invalid. Accepted: ${SHIPPING_METHODS.join(', ')}.`;
export const EXPRESS_ABROAD_MESSAGE = 'Express delivery is available in Morocco only.';

/** An order's own reference, chosen by the client that places it (the app: a UUID, the order document's id). */
export const CLIENT_REF_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * POST /api/orders. Prices are what the buyer saw; the server re-checks them against the catalogue.
 * `client_ref` is optional (an API client's guard is the Idempotency-Key header): without one the server
 * derives it (orderClientRef in src/server/routes/orders.ts). `shipping_method` defaults to standard.
 */
export const placeOrderBodySchema = z.object({
  client_ref: z.string().regex(CLIENT_REF_PATTERN).nullish(),
  items: z
    .array(
      z.object({
        product_id: positiveId,
        variant_id: positiveId,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        unit_price: money,
      }),
    )
    .min(1),
  shipping_info: shippingInfoBodySchema,
  payment_method: z.enum(PAYMENT_METHODS),
  shipping_method: z.enum(SHIPPING_METHODS, { error: () => SHIPPING_METHOD_MESSAGE }).nullish(),
  coupon_code: z.string().max(50).nullable().optional(),
}).superRefine((body, ctx) => {
  const method = body.shipping_method ?? 'standard';
  if (!shippingMethodsFor(body.shipping_info.country).includes(method)) {
    ctx.addIssue({ code: 'custom', path: ['shipping_method'], message: EXPRESS_ABROAD_MESSAGE });
  }
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;
