/**
 * Cart, wishlist and order rules shared by the server and the client
 * (docs/COMMERCE.md): prices of a line, shipping, tax, coupons and the totals
 * of a cart or an order, order and payment statuses with their legal moves,
 * tracking steps and the delivery estimate. Pure: no I/O, no zod (the wire
 * schemas are in commerce-schemas.ts).
 *
 * Every amount is MAD with at most 2 decimals; sums and products go through
 * integer centimes (money.ts), so the server and the client always agree to
 * the centime. The server's figures win where they differ (stale prices).
 */
import { discountPercent } from './catalog-constants';
import { addMoney, fromCentimes, toCentimes } from './money';

// --- Lines and prices -------------------------------------------------------------

/**
 * What the buyer pays for one unit of a variant: the variant's list price less the product's
 * discount (price − effective_price), never below 0. A product without a sale pays the variant price.
 */
export function unitPriceOf(product: { price: number; effective_price: number }, variant: { price: number }): number {
  const discountCents = toCentimes(product.price) - toCentimes(product.effective_price);
  return fromCentimes(Math.max(0, toCentimes(variant.price) - Math.max(0, discountCents)));
}

/** A variant's own price fields, named as the product's (decisions.md "Prices"); its `price` stays the list price. */
export interface VariantPrices {
  /** What one unit is charged when discounted, else null. */
  discount_price: number | null;
  has_discount: boolean;
  /** round((1 − discount_price / price) × 100), the product's rule (discountPercent); 0 without discount. */
  discount_percent: number;
  /** What one unit costs (unitPriceOf): the `unit_price` an order sends for this variant. */
  effective_price: number;
}

/**
 * The price fields of a variant from its list price and its product's sale: the charged price is unitPriceOf,
 * and the variant counts as discounted when that is below its list price.
 */
export function variantPricesOf(product: { price: number; effective_price: number }, variant: { price: number }): VariantPrices {
  const charged = unitPriceOf(product, variant);
  const discounted = toCentimes(charged) < toCentimes(variant.price);
  return {
    discount_price: discounted ? charged : null,
    has_discount: discounted,
    discount_percent: discounted ? discountPercent(variant.price, charged) : 0,
    effective_price: charged,
  };
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return fromCentimes(lines.reduce((sum, l) => sum + toCentimes(l.unitPrice) * l.quantity, 0));
}

export function itemCountOf(lines: readonly { quantity: number }[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

// --- Shipping and tax (spec §9, decisions.md "Shipping in Morocco") ----------------------

/** Cart rule by destination country: base for the first item, plus `extra` per further item (MAD). */
export const SHIPPING_RATES = {
  MA: { base: 50, extra: 10 },
  US: { base: 5.99, extra: 2 },
  default: { base: 14.99, extra: 3 },
} as const;

/** Where the platform delivers itself: free standard delivery, express and business-day estimates apply here only. */
export const DOMESTIC_COUNTRY = 'MA';

/** How an order travels. Express is offered in Morocco only; abroad every order goes standard. */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/**
 * The shipping policy's numbers, the one source of the policy pages, the cart, checkout and the server.
 * In Morocco, standard delivery is free when the goods after the coupon come to `freeStandardFrom` MAD or
 * more; express costs `expressSurcharge` MAD more than standard. Days are business days.
 */
export const SHIPPING_POLICY = {
  freeStandardFrom: 500,
  expressSurcharge: 30,
  processingDays: { min: 1, max: 2 },
  standardDays: { min: 3, max: 5 },
  expressDays: { min: 1, max: 2 },
  internationalDays: { min: 7, max: 14 },
} as const;

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return typeof value === 'string' && (SHIPPING_METHODS as readonly string[]).includes(value);
}

/** The methods a destination offers: Morocco both, elsewhere standard only. */
export function shippingMethodsFor(country: string): readonly ShippingMethod[] {
  return country === DOMESTIC_COUNTRY ? SHIPPING_METHODS : ['standard'];
}

/**
 * Shipping for `itemCount` units (quantities summed) to `country`, 0 for an empty cart. `goods` is what the
 * goods cost after the coupon (MAD): in Morocco 500 or more makes standard free. Express (Morocco only, else
 * standard is charged) is standard + 30. Abroad the cart rule applies whatever the goods.
 */
export function shippingCost(country: string, itemCount: number, goods: number, method: ShippingMethod = 'standard'): number {
  if (itemCount <= 0) return 0;
  const rate = country === 'MA' ? SHIPPING_RATES.MA : country === 'US' ? SHIPPING_RATES.US : SHIPPING_RATES.default;
  const cartRule = toCentimes(rate.base) + toCentimes(rate.extra) * (itemCount - 1);
  if (country !== DOMESTIC_COUNTRY) return fromCentimes(cartRule);
  const standard = toCentimes(goods) >= toCentimes(SHIPPING_POLICY.freeStandardFrom) ? 0 : cartRule;
  return fromCentimes(method === 'express' ? standard + toCentimes(SHIPPING_POLICY.expressSurcharge) : standard);
}

/** How much more goods (after the coupon) would make standard delivery free; 0 when it already is or abroad. */
export function amountToFreeShipping(country: string, goods: number): number {
  if (country !== DOMESTIC_COUNTRY) return 0;
  return fromCentimes(Math.max(0, toCentimes(SHIPPING_POLICY.freeStandardFrom) - toCentimes(goods)));
}

export const TAX_RATES = { MA: 0.2, US: 0.08, default: 0.1 } as const;

export function taxRate(country: string): number {
  return country === 'MA' ? TAX_RATES.MA : country === 'US' ? TAX_RATES.US : TAX_RATES.default;
}

/** Tax on the goods after the coupon (shipping is not taxed), rounded half up to the centime. */
export function taxOn(taxable: number, country: string): number {
  const cents = Math.max(0, toCentimes(taxable));
  return fromCentimes(Math.round(cents * taxRate(country)));
}

// --- Coupons ---------------------------------------------------------------------------

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A coupon as the server describes it in the cart (so the client can total offline). */
export interface Coupon {
  code: string;
  kind: CouponKind;
  /** percent: 1–100; fixed: MAD off. */
  value: number;
  /** The subtotal needed for it to apply (MAD), 0 for none. */
  minSubtotal: number;
}

/** Coupon codes are compared without case and surrounding spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The discount a coupon gives on a subtotal: 0 below its minimum, never more than the subtotal. */
export function couponDiscount(coupon: Coupon | null, subtotal: number): number {
  if (!coupon || subtotal <= 0 || subtotal < coupon.minSubtotal) return 0;
  const sub = toCentimes(subtotal);
  const off = coupon.kind === 'percent' ? Math.round((sub * Math.min(100, Math.max(0, coupon.value))) / 100) : toCentimes(coupon.value);
  return fromCentimes(Math.min(sub, Math.max(0, off)));
}

// --- Totals --------------------------------------------------------------------------------

export interface Totals {
  subtotal: number;
  discount_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
  item_count: number;
}

/**
 * The totals of a cart or an order (spec §3 field names): subtotal of the lines, the coupon's discount,
 * shipping by country, item count, goods after the coupon and method (shippingCost), tax on
 * (subtotal − discount) by country.
 */
export function totalsOf(
  lines: readonly PricedLine[],
  country: string,
  coupon: Coupon | null,
  method: ShippingMethod = 'standard',
): Totals {
  const subtotal = subtotalOf(lines);
  const item_count = itemCountOf(lines);
  const discount_amount = couponDiscount(coupon, subtotal);
  const goods = addMoney(subtotal, -discount_amount);
  const shipping_amount = shippingCost(country, item_count, goods, method);
  const tax_amount = taxOn(goods, country);
  const total_amount = addMoney(subtotal, -discount_amount, shipping_amount, tax_amount);
  return { subtotal, discount_amount, shipping_amount, tax_amount, total_amount, item_count };
}

/** The cart's country before the buyer has chosen an address. */
export const DEFAULT_CART_COUNTRY = 'MA';

// --- Orders ------------------------------------------------------------------------------

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The orders list's filters (spec §2). */
export const ORDER_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/**
 * Legal moves of an order. Cancel only before shipping; a delivered order may only be returned (the operator's
 * move, docs/MONEY.md "Returns"); cancelled and returned are final.
 * src/machines/order-status.ts is the XState machine of this table; the server checks moves with it.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'completed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['cod', 'card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Only cash on delivery is taken; card and PayPal are shown as coming soon (spec §1). */
export const AVAILABLE_PAYMENT_METHODS: readonly PaymentMethod[] = ['cod'];

/** Tracking steps (spec §4) and the order status that reaches each. */
export const TRACKING_STEPS = ['placed', 'processing', 'shipped', 'delivered'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

/** How many tracking steps an order has reached (1 = placed … 4 = delivered); a cancelled order shows placed only. */
export function trackingStepsReached(status: OrderStatus): number {
  switch (status) {
    case 'pending':
    case 'cancelled':
      return 1;
    case 'processing':
      return 2;
    case 'shipped':
      return 3;
    case 'delivered':
    case 'returned':
      return 4;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds business days (Monday–Friday) to a time, in UTC. */
export function addBusinessDays(from: number, days: number): number {
  let t = from;
  let left = days;
  while (left > 0) {
    t += DAY_MS;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return t;
}

/**
 * Estimated delivery of an order placed at `placedAt`, at the policy's latest: Morocco 1–2 business days of
 * processing plus 3–5 of standard shipping → 7 business days, or plus 1–2 of express → 4; abroad 14 days
 * (international 7–14 days, whatever the method).
 */
export function estimatedDeliveryOf(placedAt: number, country: string, method: ShippingMethod = 'standard'): number {
  if (country !== DOMESTIC_COUNTRY) return placedAt + SHIPPING_POLICY.internationalDays.max * DAY_MS;
  const transit = method === 'express' ? SHIPPING_POLICY.expressDays : SHIPPING_POLICY.standardDays;
  return addBusinessDays(placedAt, SHIPPING_POLICY.processingDays.max + transit.max);
}

/** The product page's estimate (spec §9): 2–4 business days. */
export const PRODUCT_PAGE_DELIVERY_DAYS = { min: 2, max: 4 } as const;

/** Cart limits: lines per cart and units per line (a guard against abuse; stock caps first). */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;
