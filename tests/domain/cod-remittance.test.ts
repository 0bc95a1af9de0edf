/** Reconciling a courier's remittance (docs/OPERATOR.md "COD remittances"): integer centimes, remitted − expected. */
import { describe, expect, it } from 'vitest';
import { reconcileRemittance, remittanceTotals, repeatedIds } from '../../src/domain/cod-remittance';

describe('reconcileRemittance', () => {
  it('sets the cash handed over against the cash collected on its orders', () => {
    expect(reconcileRemittance({ remittedCents: 49_950, collectedCents: [24_950, 25_000] })).toEqual({ expectedCents: 49_950, remittedCents: 49_950, differenceCents: 0 });
    expect(reconcileRemittance({ remittedCents: 48_900, collectedCents: [24_950, 25_000] })).toEqual({ expectedCents: 49_950, remittedCents: 48_900, differenceCents: -1050 });
    expect(reconcileRemittance({ remittedCents: 100, collectedCents: [] })).toEqual({ expectedCents: 0, remittedCents: 100, differenceCents: 100 });
  });
});

describe('remittanceTotals', () => {
  it('sums the remittances and the cash not remitted', () => {
    const short = reconcileRemittance({ remittedCents: 900, collectedCents: [1000] });
    const over = reconcileRemittance({ remittedCents: 2050, collectedCents: [1000, 1000] });
    expect(remittanceTotals([short, over], [333, 1])).toEqual({ expectedCents: 3000, remittedCents: 2950, differenceCents: -50, notRemittedCents: 334 });
    expect(remittanceTotals([], [])).toEqual({ expectedCents: 0, remittedCents: 0, differenceCents: 0, notRemittedCents: 0 });
  });
});

describe('repeatedIds', () => {
  it('names each id given more than once', () => {
    expect(repeatedIds([1, 2, 3])).toEqual([]);
    expect(repeatedIds([4, 1, 4, 2, 1, 4])).toEqual([4, 1]);
  });
});
