/**
 * Turns MAD price bounds into integer centime bounds that select exactly the
 * products the reference (src/domain/product-query.ts) selects: it compares
 * effective_price = cents / 100 (a double) with the bound as given, so we find
 * the integer thresholds under that same double arithmetic, not by rounding.
 */

/** Prices live in 32-bit integer columns. */
export const MAX_CENTS = 2_147_483_647;

/** Smallest c with c / 100 >= min, or null when no storable price can reach min. */
export function minCentsFor(min: number): number | null {
  if (!(min > 0)) return 0;
  if (min * 100 > MAX_CENTS + 1) return null;
  let c = Math.ceil(min * 100);
  while (c > 0 && (c - 1) / 100 >= min) c--;
  while (c / 100 < min) c++;
  return c > MAX_CENTS ? null : c;
}

/** Largest c with c / 100 <= max, or undefined when every storable price is below max. */
export function maxCentsFor(max: number): number | undefined {
  if (max * 100 >= MAX_CENTS) return undefined;
  let c = Math.floor(max * 100);
  while ((c + 1) / 100 <= max) c++;
  while (c >= 0 && c / 100 > max) c--;
  return c;
}
