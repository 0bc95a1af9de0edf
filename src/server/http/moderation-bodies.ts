/**
 * Fields of the operator's console bodies (issue 24, docs/OPERATOR.md): a moderation reason and a shop's
 * commission rate. Refused as 422 VALIDATION naming the field, with the accounts' messages (http/body.ts).
 *
 * - `reason`: trimmed text of at most REASON_MAX characters, no control characters but line breaks; empty, null
 *   or absent mean none (the bodies that need one say so with reasonRequired).
 * - `commission_rate`: a percent from 0 to 100 with at most 2 decimals, or null for the default (COMMISSION_RATE);
 *   stored as basis points (10.5 → 1050).
 */
import { z } from 'zod';
import { fieldMessages } from './body';

export const REASON_MAX = 500;

const REASON_CONTROL = /(?![\n\r])\p{Cc}/u;

export function reasonField() {
  return z
    .string({ error: () => fieldMessages.type('reason') })
    .trim()
    .max(REASON_MAX, fieldMessages.max('reason', REASON_MAX))
    .refine((s) => !REASON_CONTROL.test(s), 'The reason must not contain control characters.')
    .nullish()
    .transform((v) => (v ? v : null));
}

/** The message of a body that needs a reason and has none. */
export const reasonRequired = { path: ['reason'], message: fieldMessages.required('reason') };

export const COMMISSION_RATE_MESSAGE = 'The commission rate must be a percent from 0 to 100 with at most 2 decimals.';

/** Percent (at most 2 decimals) → basis points, or null when it is not such a percent. */
export function percentToBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

/** Basis points → percent (1050 → 10.5). */
export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

/** `commission_rate`: the rate in basis points, null for the default; absent stays undefined. */
export function commissionRateField() {
  return z
    .number({ error: () => COMMISSION_RATE_MESSAGE })
    .refine((n) => percentToBasisPoints(n) !== null, COMMISSION_RATE_MESSAGE)
    .transform((n) => percentToBasisPoints(n) ?? 0)
    .nullable()
    .optional();
}
