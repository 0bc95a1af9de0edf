import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookLines,
  casablancaDate,
  commissionOf,
  DEFAULT_COMMISSION_RATE_BP,
  isLocalDate,
  isPeriodEnd,
  ledgerTotals,
  nextPayoutDate,
  payoutCutoff,
  periodOf,
  periodOfDate,
  shareDiscount,
  startOfCasablancaDay,
} from '../../src/domain/ledger';
import { madText, statementCsv } from '../../src/domain/ledger-statement';

describe('commission', () => {
  it('is 10 % by default, rounded half up per line', () => {
    expect(DEFAULT_COMMISSION_RATE_BP).toBe(1000);
    expect(commissionOf(10_000, 1000)).toBe(1000);
    // 0.5 centime rounds up, 0.4 down.
    expect(commissionOf(5, 1000)).toBe(1);
    expect(commissionOf(4, 1000)).toBe(0);
    expect(commissionOf(15, 1000)).toBe(2);
    expect(commissionOf(14, 1000)).toBe(1);
    // 12.5 % of 1.00 MAD = 12.5 centimes → 13.
    expect(commissionOf(100, 1250)).toBe(13);
    expect(commissionOf(0, 1000)).toBe(0);
    expect(commissionOf(99_999_999, 10_000)).toBe(99_999_999);
  });

  it('refuses rates outside 0–100 % and amounts that are not centimes', () => {
    expect(() => commissionOf(100, 10_001)).toThrow(RangeError);
    expect(() => commissionOf(100, -1)).toThrow(RangeError);
    expect(() => commissionOf(100, 10.5)).toThrow(RangeError);
    expect(() => commissionOf(1.5, 1000)).toThrow(RangeError);
  });
});

describe('a coupon shared across lines', () => {
  it('in proportion to their goods, summing exactly to the discount', () => {
    expect(shareDiscount([10_000, 20_000, 30_000], 6000)).toEqual([1000, 2000, 3000]);
    // 100 over three equal lines: 33.33 each, the spare centime to the first.
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    // Largest remainders win: 10 × 1/6 = 1.67, 10 × 2/6 = 3.33, 10 × 3/6 = 5.
    expect(shareDiscount([100, 200, 300], 10)).toEqual([2, 3, 5]);
  });

  it('never more than the goods, nothing without goods or discount', () => {
    expect(shareDiscount([500, 1500], 5000)).toEqual([500, 1500]);
    expect(shareDiscount([0, 0], 100)).toEqual([0, 0]);
    expect(shareDiscount([300, 700], 0)).toEqual([0, 0]);
    expect(shareDiscount([], 100)).toEqual([]);
  });

  it('sums exactly for many awkward splits', () => {
    for (let seed = 1; seed < 200; seed++) {
      const goods = Array.from({ length: (seed % 7) + 1 }, (_, i) => ((seed * 7919 + i * 104_729) % 50_000) + 1);
      const total = goods.reduce((s, g) => s + g, 0);
      const discount = (seed * 3571) % (total + 1);
      const shares = shareDiscount(goods, discount);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(discount);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(goods[i] ?? 0);
        // Within a centime of the exact proportional share.
        expect(Math.abs(share - (discount * (goods[i] ?? 0)) / total)).toBeLessThan(1);
      });
    }
  });

  it('books each line on what the buyer paid for it', () => {
    // Two lines (2 × 150.00 and 1 × 100.00), a 40.00 coupon: 30.00 and 10.00 off; 10 % and 15 %.
    expect(
      bookLines(
        [
          { unitCents: 15_000, quantity: 2, rateBp: 1000 },
          { unitCents: 10_000, quantity: 1, rateBp: 1500 },
        ],
        4000,
      ),
    ).toEqual([
      { paidCents: 27_000, commissionCents: 2700 },
      { paidCents: 9000, commissionCents: 1350 },
    ]);
  });
});

describe('ledger totals', () => {
  it('sums sales, commission, refunds, net and the balance', () => {
    expect(
      ledgerTotals([
        { kind: 'sale', amountCents: 10_000 },
        { kind: 'commission', amountCents: -1000 },
        { kind: 'sale', amountCents: 5000 },
        { kind: 'commission', amountCents: -500 },
        { kind: 'reversal', amountCents: -5000, reversesKind: 'sale' },
        { kind: 'reversal', amountCents: 500, reversesKind: 'commission' },
        { kind: 'payout', amountCents: -9000 },
      ]),
    ).toEqual({ sales: 15_000, commission: -1000, refunds: -5000, net: 9000, balance: 0 });
    // A failed payout is reversed: owed again, earned nothing more.
    expect(
      ledgerTotals([
        { kind: 'sale', amountCents: 10_000 },
        { kind: 'payout', amountCents: -10_000 },
        { kind: 'reversal', amountCents: 10_000, reversesKind: 'payout' },
      ]),
    ).toEqual({ sales: 10_000, commission: 0, refunds: 0, net: 10_000, balance: 10_000 });
  });
});

describe('periods in Casablanca time', () => {
  it('are the 1st–15th and the 16th–month end', () => {
    expect(periodOfDate('2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(periodOfDate('2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(periodOfDate('2026-03-16')).toEqual({ start: '2026-03-16', end: '2026-03-31' });
    expect(periodOfDate('2026-02-20')).toEqual({ start: '2026-02-16', end: '2026-02-28' });
    expect(periodOfDate('2028-02-29')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(periodOfDate('2026-04-30')).toEqual({ start: '2026-04-16', end: '2026-04-30' });
    expect(isPeriodEnd('2026-04-15')).toBe(true);
    expect(isPeriodEnd('2026-04-30')).toBe(true);
    expect(isPeriodEnd('2026-04-29')).toBe(false);
    expect(isPeriodEnd('2026-02-30')).toBe(false);
  });

  it('follow the Casablanca calendar, not UTC', () => {
    // Morocco is UTC+1 outside Ramadan: 23:30 UTC on the 15th of June is already the 16th there.
    const lateJune15 = Date.UTC(2026, 5, 15, 23, 30);
    expect(casablancaDate(lateJune15)).toBe('2026-06-16');
    expect(periodOf(lateJune15)).toEqual({ start: '2026-06-16', end: '2026-06-30' });
    expect(periodOf(Date.UTC(2026, 5, 15, 22, 30))).toEqual({ start: '2026-06-01', end: '2026-06-15' });
    // Midnight in Casablanca is 23:00 UTC the day before (UTC+1).
    expect(startOfCasablancaDay('2026-06-16')).toBe(Date.UTC(2026, 5, 15, 23, 0));
    expect(casablancaDate(startOfCasablancaDay('2026-06-16'))).toBe('2026-06-16');
    expect(casablancaDate(startOfCasablancaDay('2026-06-16') - 1)).toBe('2026-06-15');
  });

  it('give the next payout date and the return-window cutoff', () => {
    expect(nextPayoutDate(Date.UTC(2026, 5, 3, 12))).toBe('2026-06-16');
    expect(nextPayoutDate(Date.UTC(2026, 5, 20, 12))).toBe('2026-07-01');
    expect(nextPayoutDate(Date.UTC(2026, 11, 31, 12))).toBe('2027-01-01');
    // The period ending on the 15th pays deliveries before the 9th began (15 + 1 − 7), Casablanca time.
    expect(payoutCutoff('2026-06-15')).toBe(startOfCasablancaDay('2026-06-09'));
  });

  it('reads and adds calendar dates', () => {
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(isLocalDate('2026-12-31')).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('statement CSV', () => {
  it('writes one row per line, dated in Casablanca, amounts with 2 decimals, formulas defused', () => {
    const csv = statementCsv([
      { date: Date.UTC(2026, 5, 15, 23, 30), kind: 'sale', orderNumber: 'SK-260615-ABC123', productName: 'Caftan, "royal"', quantity: 2, amountCents: 27_000 },
      { date: Date.UTC(2026, 5, 16, 8), kind: 'commission', orderNumber: 'SK-260615-ABC123', productName: '=HYPERLINK("x")', quantity: 2, amountCents: -2705 },
      { date: Date.UTC(2026, 5, 24, 8), kind: 'payout', orderNumber: null, productName: null, quantity: null, amountCents: -24_295 },
    ]);
    expect(csv).toBe(
      'date,kind,order_number,product,quantity,amount\r\n' +
        '2026-06-16,sale,SK-260615-ABC123,"Caftan, ""royal""",2,270.00\r\n' +
        `2026-06-16,commission,SK-260615-ABC123,"'=HYPERLINK(""x"")",2,-27.05\r\n` +
        '2026-06-24,payout,,,,-242.95\r\n',
    );
    expect(madText(5)).toBe('0.05');
    expect(madText(-100)).toBe('-1.00');
  });
});
