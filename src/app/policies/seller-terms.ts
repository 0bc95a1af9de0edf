/**
 * What selling on Souk costs (spec §1, §9): a 10% commission per sale, no listing or monthly fees,
 * payouts every two weeks. The become-a-seller and terms pages interpolate these, never copy them.
 */
import { fromCentimes, toCentimes } from '../../domain/money';

export const COMMISSION_RATE = 0.1;
export const PAYOUT_INTERVAL_DAYS = 14;

/** The sale of the worked example on /become-a-seller (MAD). */
export const EXAMPLE_SALE_MAD = 1000;

/** A sale split into Souk's commission and the seller's share, exact to the centime (the two add up to the sale). */
export function sellerShare(sale: number): { commission: number; payout: number } {
  const saleCentimes = toCentimes(sale);
  const commission = Math.round(saleCentimes * COMMISSION_RATE);
  return { commission: fromCentimes(commission), payout: fromCentimes(saleCentimes - commission) };
}
