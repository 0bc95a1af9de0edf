/**
 * RxDB schema of `orders`: OrderDoc (src/domain/commerce-schemas.ts) plus `local_state` (confirmed: from
 * the server; queued: placed here, not yet accepted; failed: refused). The id is the client ref of an order
 * placed from the app, so the pulled order replaces the optimistic one (GET /api/sync/orders/pull).
 * Personal, wiped at logout. Orders are few per user: lists are filtered and sorted in memory.
 */
import type { JsonSchema, MigrationStrategies, RxJsonSchema } from 'rxdb';
import { z } from 'zod';
import { COUNTRIES } from '../../domain/account';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPPING_METHODS } from '../../domain/commerce';
import { orderDocSchema } from '../../domain/commerce-schemas';
import type { LocalOrder } from '../../workers/data-api';
import { enumStr, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, money, str } from './json-schema-parts';

export const ORDER_LOCAL_STATES = ['confirmed', 'queued', 'failed'] as const;
export type OrderLocalState = (typeof ORDER_LOCAL_STATES)[number];

/**
 * The stored order: the wire OrderDoc and its local state (tests/db/schemas-match-zod checks the RxDB schema
 * against it). An order placed here and not yet accepted has no server numbers yet: order_id 0,
 * order_number '' and tracking_number '' until the pull brings the server's order under the same id.
 */
export const localOrderDocSchema = orderDocSchema.extend({
  order_id: z.number().int().nonnegative(),
  customer_id: z.number().int().nonnegative(),
  local_state: z.enum(ORDER_LOCAL_STATES),
});

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/**
 * Version 1 added `shipping_method`: every order stored before was shipped standard (express did not exist).
 * Version 2 widened `status` with `returned` (docs/MONEY.md "Returns"): every stored order is valid as it is.
 * The strategies run on the stored documents when the collection opens (RxDB's migration-schema plugin).
 */
export const orderMigrationStrategies: MigrationStrategies<LocalOrder> = {
  1: (doc: Omit<LocalOrder, 'shipping_method'>): LocalOrder => ({ ...doc, shipping_method: 'standard' }),
  2: (doc: LocalOrder): LocalOrder => doc,
};

export const orderSchema: RxJsonSchema<LocalOrder> = {
  title: 'orders',
  description: "The signed-in user's orders, with the ones placed here and not yet confirmed (personal).",
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    order_id: int(0, MAX_NUMERIC_ID),
    order_number: str(),
    customer_id: int(0, MAX_NUMERIC_ID),
    status: enumStr(ORDER_STATUSES),
    payment_method: enumStr(PAYMENT_METHODS),
    payment_status: enumStr(PAYMENT_STATUSES),
    items: {
      type: 'array',
      items: obj({
        product_id: int(1, MAX_NUMERIC_ID),
        variant_id: int(1, MAX_NUMERIC_ID),
        stock_id: int(1, MAX_NUMERIC_ID),
        store_id: int(0, MAX_NUMERIC_ID),
        name: str(),
        name_ar: str(),
        image: str(),
        color: str(),
        size: str(),
        fabric: str(),
        quantity: int(1),
        unit_price: money(),
      }),
    },
    shipping_info: obj({
      first_name: { type: 'string', minLength: 1, maxLength: 100 },
      last_name: { type: 'string', minLength: 1, maxLength: 100 },
      email: { type: 'string', maxLength: 254 },
      phone: { type: 'string', minLength: 1, maxLength: 30 },
      street: { type: 'string', minLength: 1, maxLength: 200 },
      apartment: { type: 'string', maxLength: 100 },
      city: { type: 'string', minLength: 1, maxLength: 100 },
      state: { type: 'string', minLength: 1, maxLength: 100 },
      postal_code: { type: 'string', maxLength: 20 },
      country: enumStr(COUNTRIES),
    }),
    subtotal: money(),
    discount_amount: money(),
    shipping_amount: money(),
    tax_amount: money(),
    total_amount: money(),
    coupon_code: { type: ['string', 'null'] },
    shipping_method: enumStr(SHIPPING_METHODS),
    tracking_number: str(),
    estimated_delivery: int(0, MAX_EPOCH_MS),
    history: {
      type: 'array',
      items: obj({ status: enumStr(ORDER_STATUSES), at: int(0, MAX_EPOCH_MS) }),
    },
    created_at: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
    local_state: enumStr(ORDER_LOCAL_STATES),
  },
  required: [
    'id', 'order_id', 'order_number', 'customer_id', 'status', 'payment_method', 'payment_status', 'items',
    'shipping_info', 'subtotal', 'discount_amount', 'shipping_amount', 'tax_amount', 'total_amount', 'coupon_code',
    'shipping_method', 'tracking_number', 'estimated_delivery', 'history', 'created_at', 'updatedAt', 'local_state',
  ],
  additionalProperties: false,
};
