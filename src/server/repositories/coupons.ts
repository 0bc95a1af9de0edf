/**
 * Coupons (docs/COMMERCE.md): a code names a percent or fixed discount with a
 * minimum subtotal, an optional expiry and an active flag. Codes are stored
 * normalised (normalizeCouponCode: trimmed, upper case). The discount itself
 * is the shared domain rule (couponDiscount in src/domain/commerce.ts), so the
 * client totals a cart exactly as the server does.
 */
import { normalizeCouponCode, type Coupon } from '../../domain/commerce';
import { fromCentimes } from '../../domain/money';
import type { Database } from '../db/database';
import type { CouponsTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';

export interface CouponSeed {
  code: string;
  kind: CouponsTable['kind'];
  /** percent: 1–100; fixed: MAD off. */
  value: number;
  /** MAD; 0 for none. */
  minSubtotal: number;
  expiresAt: number | null;
}

/** The demo coupons of the contract: EXPIRED5 expired long ago (always invalid). */
export const DEMO_COUPONS: readonly CouponSeed[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10, minSubtotal: 0, expiresAt: null },
  { code: 'SOUK50', kind: 'fixed', value: 50, minSubtotal: 300, expiresAt: null },
  { code: 'RAMADAN20', kind: 'percent', value: 20, minSubtotal: 500, expiresAt: null },
  { code: 'EXPIRED5', kind: 'percent', value: 5, minSubtotal: 0, expiresAt: Date.UTC(2024, 0, 1) },
];

function toCoupon(row: { code: string; kind: CouponsTable['kind']; value: number; min_subtotal_cents: number }): Coupon {
  const value = Number(row.value);
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? value : fromCentimes(value),
    minSubtotal: fromCentimes(Number(row.min_subtotal_cents)),
  };
}

/** The coupon a code names when it can be used now (known, active, not expired); null otherwise. */
export async function findUsableCoupon(tx: Tx, code: string, now: number): Promise<Coupon | null> {
  const normalized = normalizeCouponCode(code);
  if (normalized === '' || normalized.length > 50) return null;
  const row = await tx
    .selectFrom('coupons')
    .select(['code', 'kind', 'value', 'min_subtotal_cents', 'expires_at', 'active'])
    .where('code', '=', normalized)
    .executeTakeFirst();
  if (!row || Number(row.active) !== 1) return null;
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  return toCoupon(row);
}

/** Inserts the coupons that are not there yet (a code already present is left as it is). Returns how many were added. */
export async function insertCoupons(db: Database, coupons: readonly CouponSeed[], now: number): Promise<number> {
  let added = 0;
  for (const c of coupons) {
    const result = await db.kysely
      .insertInto('coupons')
      .values({
        code: normalizeCouponCode(c.code),
        kind: c.kind,
        value: c.kind === 'percent' ? Math.round(c.value) : Math.round(c.value * 100),
        min_subtotal_cents: Math.round(c.minSubtotal * 100),
        expires_at: c.expiresAt,
        active: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
