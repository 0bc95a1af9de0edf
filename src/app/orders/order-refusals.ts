/**
 * Order refusals without React: the orders API's error codes (docs/COMMERCE.md), the code of any failure,
 * and the refusal of each order placed from this device (its failed order_place outbox entry).
 */
import type { OutboxEntry, OutboxFailure } from '../../workers/data-api';

export const ORDER_ERROR_CODES = [
  'ORDER_NOT_FOUND',
  'ORDER_NOT_CANCELLABLE',
  'ORDER_TRANSITION_INVALID',
  'ORDER_NOT_DELIVERED',
  'PRICE_CHANGED',
  'OUT_OF_STOCK_ITEMS',
  'PAYMENT_METHOD_UNAVAILABLE',
  'COUPON_INVALID',
  'CART_EMPTY',
] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

export function isOrderErrorCode(code: unknown): code is OrderErrorCode {
  return typeof code === 'string' && (ORDER_ERROR_CODES as readonly string[]).includes(code);
}

/** The code of a failure: an ApiFailure, an outbox refusal ({code}), or a plain {body:{code}}. */
export function failureCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const record = error as Record<string, unknown>;
  if (typeof record.code === 'string' && record.code !== '') return record.code;
  const body = record.body;
  if (typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>).code === 'string') {
    return (body as Record<string, string>).code ?? null;
  }
  return null;
}

function clientRefOf(entry: OutboxEntry): string | null {
  if (!entry.body) return null;
  try {
    const body = JSON.parse(entry.body) as unknown;
    const ref = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).client_ref : null;
    return typeof ref === 'string' ? ref : null;
  } catch {
    return null;
  }
}

/** The server's refusal of each order placed from this device, by order document id (its client ref). */
export function orderRefusals(entries: readonly OutboxEntry[]): Map<string, OutboxFailure> {
  const out = new Map<string, OutboxFailure>();
  for (const entry of entries) {
    if (entry.kind !== 'order_place' || entry.state !== 'failed' || !entry.failure) continue;
    const ref = clientRefOf(entry);
    if (ref) out.set(ref, entry.failure);
    if (entry.target) out.set(entry.target, entry.failure);
  }
  return out;
}
