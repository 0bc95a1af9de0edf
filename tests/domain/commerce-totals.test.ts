import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  canMoveOrder,
  couponDiscount,
  estimatedDeliveryOf,
  itemCountOf,
  normalizeCouponCode,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  amountToFreeShipping,
  shippingCost,
  shippingMethodsFor,
  SHIPPING_METHODS,
  SHIPPING_POLICY,
  subtotalOf,
  taxOn,
  taxRate,
  totalsOf,
  trackingStepsReached,
  unitPriceOf,
  type Coupon,
  type OrderStatus,
  type PricedLine,
} from '../../src/domain/commerce';
import { toCentimes } from '../../src/domain/money';

const percent = (value: number, minSubtotal = 0): Coupon => ({ code: 'P', kind: 'percent', value, minSubtotal });
const fixed = (value: number, minSubtotal = 0): Coupon => ({ code: 'F', kind: 'fixed', value, minSubtotal });

/** An amount of MAD with at most 2 decimals, from its centimes. */
const amount = (maxCentimes = 1_000_000) => fc.integer({ min: 0, max: maxCentimes }).map((c) => c / 100);
const line = fc.record({ unitPrice: amount(500_000), quantity: fc.integer({ min: 1, max: 99 }) });
const lines = fc.array(line, { maxLength: 20 });
const country = fc.constantFrom('MA', 'US', 'SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'FR', '');
const coupon = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant('PCT'),
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 1, max: 100 }),
      minSubtotal: amount(100_000),
    }),
    fc.record({ code: fc.constant('FIX'), kind: fc.constant('fixed' as const), value: amount(200_000), minSubtotal: amount(100_000) }),
  ),
  { nil: null },
);

/** A number has at most 2 decimals when it is an exact count of centimes. */
const isCentimeExact = (n: number) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 && fromC(toCentimes(n)) === n;
const fromC = (c: number) => Math.round(c) / 100;

describe('unitPriceOf', () => {
  it('is the variant price when the product has no sale', () => {
    expect(unitPriceOf({ price: 500, effective_price: 500 }, { price: 520 })).toBe(520);
  });

  it("takes the product's discount (price − effective_price) off the variant's price", () => {
    expect(unitPriceOf({ price: 500, effective_price: 400 }, { price: 500 })).toBe(400);
    expect(unitPriceOf({ price: 500, effective_price: 400 }, { price: 540 })).toBe(440);
    expect(unitPriceOf({ price: 199.99, effective_price: 149.99 }, { price: 219.99 })).toBe(169.99);
  });

  it('is exact to the centime where floating subtraction drifts', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(unitPriceOf({ price: 0.3, effective_price: 0.1 }, { price: 0.3 })).toBe(0.1);
    expect(unitPriceOf({ price: 10.1, effective_price: 10 }, { price: 20.2 })).toBe(20.1);
  });

  it('never goes below 0, and an effective price above the price is no surcharge', () => {
    expect(unitPriceOf({ price: 500, effective_price: 50 }, { price: 100 })).toBe(0);
    expect(unitPriceOf({ price: 400, effective_price: 500 }, { price: 450 })).toBe(450);
  });
});

describe('subtotalOf and itemCountOf', () => {
  it('sums unit price × quantity without drift', () => {
    expect(subtotalOf([{ unitPrice: 0.1, quantity: 3 }])).toBe(0.3);
    expect(subtotalOf([{ unitPrice: 19.99, quantity: 3 }, { unitPrice: 0.01, quantity: 1 }])).toBe(59.98);
    expect(subtotalOf([])).toBe(0);
  });

  it('counts units, not lines', () => {
    expect(itemCountOf([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(itemCountOf([])).toBe(0);
  });
});

describe('shippingCost (spec §9, decisions.md "Shipping in Morocco")', () => {
  it('Morocco below 500 MAD of goods: 50 for the first item, 10 per further item', () => {
    expect(shippingCost('MA', 1, 0)).toBe(50);
    expect(shippingCost('MA', 2, 120)).toBe(60);
    expect(shippingCost('MA', 5, 499.99)).toBe(90);
    expect(shippingCost('MA', 99, 499.99)).toBe(1030);
  });

  it('Morocco from 500 MAD of goods (after the coupon): standard is free', () => {
    expect(shippingCost('MA', 1, 500)).toBe(0);
    expect(shippingCost('MA', 3, 1317)).toBe(0);
    expect(shippingCost('MA', 99, 500.01)).toBe(0);
    expect(shippingCost('MA', 1, 500, 'standard')).toBe(0);
  });

  it('Morocco express: 30 more than standard, so 30 when standard is free', () => {
    expect(shippingCost('MA', 1, 100, 'express')).toBe(80);
    expect(shippingCost('MA', 3, 499.99, 'express')).toBe(100);
    expect(shippingCost('MA', 1, 500, 'express')).toBe(30);
    expect(shippingCost('MA', 7, 1317, 'express')).toBe(30);
  });

  it('US: 5.99 for the first item, 2 per further item, whatever the goods', () => {
    expect(shippingCost('US', 1, 10)).toBe(5.99);
    expect(shippingCost('US', 2, 600)).toBe(7.99);
    expect(shippingCost('US', 3, 10_000)).toBe(9.99);
    expect(shippingCost('US', 10, 0)).toBe(23.99);
  });

  it('every other country: 14.99 for the first item, 3 per further item, never free, never express', () => {
    for (const c of ['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'FR', '', 'ma']) {
      expect(shippingCost(c, 1, 0)).toBe(14.99);
      expect(shippingCost(c, 2, 500)).toBe(17.99);
      expect(shippingCost(c, 4, 9999)).toBe(23.99);
      expect(shippingCost(c, 1, 9999, 'express')).toBe(14.99);
      expect(shippingMethodsFor(c)).toEqual(['standard']);
      expect(amountToFreeShipping(c, 10)).toBe(0);
    }
    expect(shippingMethodsFor('MA')).toEqual(['standard', 'express']);
  });

  it('is 0 for an empty cart, whatever the country or method', () => {
    for (const c of ['MA', 'US', 'SA']) {
      expect(shippingCost(c, 0, 0)).toBe(0);
      expect(shippingCost(c, -1, 0)).toBe(0);
      expect(shippingCost(c, 0, 0, 'express')).toBe(0);
    }
  });

  it('amountToFreeShipping: what standard delivery in Morocco still needs', () => {
    expect(amountToFreeShipping('MA', 0)).toBe(500);
    expect(amountToFreeShipping('MA', 320.5)).toBe(179.5);
    expect(amountToFreeShipping('MA', 499.99)).toBe(0.01);
    expect(amountToFreeShipping('MA', 500)).toBe(0);
    expect(amountToFreeShipping('MA', 1317)).toBe(0);
  });

  it('the policy numbers are the decision\'s', () => {
    expect(SHIPPING_POLICY).toEqual({
      freeStandardFrom: 500,
      expressSurcharge: 30,
      processingDays: { min: 1, max: 2 },
      standardDays: { min: 3, max: 5 },
      expressDays: { min: 1, max: 2 },
      internationalDays: { min: 7, max: 14 },
    });
  });

  it('is the cart rule below the threshold, 0 from it, +30 for express; centime-exact, for any count and goods', () => {
    fc.assert(
      fc.property(country, fc.integer({ min: 1, max: 5000 }), amount(200_000), fc.constantFrom(...SHIPPING_METHODS), (c, n, goods, method) => {
        const [base, extra] = c === 'MA' ? [5000, 1000] : c === 'US' ? [599, 200] : [1499, 300];
        const cartRule = base + extra * (n - 1);
        const cost = shippingCost(c, n, goods, method);
        const expected = c !== 'MA' ? cartRule : (toCentimes(goods) >= 50_000 ? 0 : cartRule) + (method === 'express' ? 3000 : 0);
        expect(toCentimes(cost)).toBe(expected);
        expect(isCentimeExact(cost)).toBe(true);
      }),
    );
  });
});

describe('tax (spec §9)', () => {
  it('rates: Morocco 20 %, US 8 %, else 10 %', () => {
    expect(taxRate('MA')).toBe(0.2);
    expect(taxRate('US')).toBe(0.08);
    for (const c of ['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'FR', '']) expect(taxRate(c)).toBe(0.1);
  });

  it('taxes the amount, rounded half up to the centime', () => {
    expect(taxOn(100, 'MA')).toBe(20);
    expect(taxOn(100, 'US')).toBe(8);
    expect(taxOn(100, 'SA')).toBe(10);
    expect(taxOn(0.05, 'SA')).toBe(0.01); // 0.5 centime → 1
    expect(taxOn(0.04, 'SA')).toBe(0); // 0.4 centime → 0
    expect(taxOn(0.15, 'SA')).toBe(0.02); // 1.5 → 2
    expect(taxOn(19.99, 'MA')).toBe(4); // 399.8 → 400
    expect(taxOn(12.34, 'US')).toBe(0.99); // 98.72 → 99
    expect(taxOn(0.06, 'US')).toBe(0); // 0.48 → 0
    expect(taxOn(0.07, 'US')).toBe(0.01); // 0.56 → 1
  });

  it('never taxes a negative amount', () => {
    expect(taxOn(-50, 'MA')).toBe(0);
  });

  it('equals exact integer half-up rounding for any amount', () => {
    const exact: Record<string, [number, number]> = { MA: [1, 5], US: [2, 25] };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), country, (cents, c) => {
        const [num, den] = exact[c] ?? [1, 10];
        expect(toCentimes(taxOn(cents / 100, c))).toBe(Math.floor((2 * cents * num + den) / (2 * den)));
      }),
    );
  });
});

describe('coupons', () => {
  it('normalises codes: no surrounding spaces, upper case', () => {
    expect(normalizeCouponCode('  welcome10 ')).toBe('WELCOME10');
    expect(normalizeCouponCode('Souk50')).toBe('SOUK50');
  });

  it('percent: that share of the subtotal, half up to the centime', () => {
    expect(couponDiscount(percent(10), 300)).toBe(30);
    expect(couponDiscount(percent(20), 999.99)).toBe(200); // 19999.8 centimes → 20000
    expect(couponDiscount(percent(10), 0.05)).toBe(0.01); // 0.5 centime → 1
    expect(couponDiscount(percent(15), 33.33)).toBe(5); // 499.95 → 500
  });

  it('percent: capped at 100 %, negative values give nothing', () => {
    expect(couponDiscount(percent(100), 250)).toBe(250);
    expect(couponDiscount(percent(150), 250)).toBe(250);
    expect(couponDiscount(percent(-10), 250)).toBe(0);
  });

  it('fixed: that many MAD off', () => {
    expect(couponDiscount(fixed(50), 300)).toBe(50);
    expect(couponDiscount(fixed(0.1), 0.3)).toBe(0.1);
  });

  it('never more than the subtotal', () => {
    expect(couponDiscount(fixed(50), 30)).toBe(30);
    expect(couponDiscount(fixed(50, 0), 49.99)).toBe(49.99);
  });

  it('nothing below the minimum subtotal; the minimum itself qualifies', () => {
    expect(couponDiscount(fixed(50, 300), 299.99)).toBe(0);
    expect(couponDiscount(fixed(50, 300), 300)).toBe(50);
    expect(couponDiscount(percent(20, 500), 499.99)).toBe(0);
    expect(couponDiscount(percent(20, 500), 500)).toBe(100);
  });

  it('nothing without a coupon or on an empty cart', () => {
    expect(couponDiscount(null, 300)).toBe(0);
    expect(couponDiscount(percent(10), 0)).toBe(0);
    expect(couponDiscount(fixed(10), 0)).toBe(0);
  });

  it('is always between 0 and the subtotal, centime-exact', () => {
    fc.assert(
      fc.property(coupon, amount(), (c, subtotal) => {
        const d = couponDiscount(c, subtotal);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(subtotal);
        expect(isCentimeExact(d)).toBe(true);
        if (c && subtotal < c.minSubtotal) expect(d).toBe(0);
      }),
    );
  });
});

describe('totalsOf', () => {
  it('a Moroccan cart with a percent coupon, 899.99 of goods after it: standard is free', () => {
    const cart: PricedLine[] = [
      { unitPrice: 450, quantity: 2 },
      { unitPrice: 99.99, quantity: 1 },
    ];
    expect(totalsOf(cart, 'MA', percent(10))).toEqual({
      subtotal: 999.99,
      discount_amount: 100, // 9999.9 centimes → 10000
      shipping_amount: 0, // 899.99 of goods ≥ 500
      tax_amount: 180, // 20 % of 899.99 = 179.998 → 180.00
      total_amount: 1079.99, // 999.99 − 100 + 0 + 180
      item_count: 3,
    });
    expect(totalsOf(cart, 'MA', percent(10), 'express')).toMatchObject({ shipping_amount: 30, total_amount: 1109.99 });
  });

  it('a Moroccan cart below 500 MAD: the cart rule, and express 30 more', () => {
    const cart: PricedLine[] = [
      { unitPrice: 120, quantity: 2 },
      { unitPrice: 99.99, quantity: 1 },
    ];
    expect(totalsOf(cart, 'MA', null)).toEqual({
      subtotal: 339.99,
      discount_amount: 0,
      shipping_amount: 70, // 50 + 2 × 10
      tax_amount: 68, // 20 % of 339.99 = 67.998 → 68.00
      total_amount: 477.99,
      item_count: 3,
    });
    expect(totalsOf(cart, 'MA', null, 'express')).toMatchObject({ shipping_amount: 100, total_amount: 507.99 });
  });

  it('the coupon decides: 520 of goods is free, the same cart after a 50 MAD coupon is not', () => {
    const cart: PricedLine[] = [{ unitPrice: 520, quantity: 1 }];
    expect(totalsOf(cart, 'MA', null).shipping_amount).toBe(0);
    expect(totalsOf(cart, 'MA', fixed(50, 300))).toMatchObject({ discount_amount: 50, shipping_amount: 50 });
  });

  it('a US cart without a coupon: shipping is not taxed', () => {
    expect(totalsOf([{ unitPrice: 12.34, quantity: 3 }], 'US', null)).toEqual({
      subtotal: 37.02,
      discount_amount: 0,
      shipping_amount: 9.99,
      tax_amount: 2.96, // 8 % of 37.02 = 2.9616
      total_amount: 49.97,
      item_count: 3,
    });
  });

  it('a Gulf cart with a fixed coupon: tax on subtotal − discount', () => {
    expect(totalsOf([{ unitPrice: 350, quantity: 1 }], 'SA', fixed(50, 300))).toEqual({
      subtotal: 350,
      discount_amount: 50,
      shipping_amount: 14.99,
      tax_amount: 30,
      total_amount: 344.99,
      item_count: 1,
    });
  });

  it('a coupon larger than the cart leaves no tax, only shipping', () => {
    const t = totalsOf([{ unitPrice: 20, quantity: 1 }], 'MA', fixed(50));
    expect(t).toMatchObject({ subtotal: 20, discount_amount: 20, tax_amount: 0, shipping_amount: 50, total_amount: 50 });
  });

  it('an empty cart totals 0 everywhere', () => {
    for (const c of ['MA', 'US', 'SA']) {
      expect(totalsOf([], c, percent(10))).toEqual({
        subtotal: 0,
        discount_amount: 0,
        shipping_amount: 0,
        tax_amount: 0,
        total_amount: 0,
        item_count: 0,
      });
    }
  });

  it('total = subtotal − discount + shipping + tax, to the centime, for any cart', () => {
    fc.assert(
      fc.property(lines, country, coupon, (ls, c, cp) => {
        const t = totalsOf(ls, c, cp);
        for (const v of [t.subtotal, t.discount_amount, t.shipping_amount, t.tax_amount, t.total_amount]) {
          expect(isCentimeExact(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(toCentimes(t.total_amount)).toBe(
          toCentimes(t.subtotal) - toCentimes(t.discount_amount) + toCentimes(t.shipping_amount) + toCentimes(t.tax_amount),
        );
        expect(toCentimes(t.subtotal)).toBe(ls.reduce((s, l) => s + toCentimes(l.unitPrice) * l.quantity, 0));
        expect(t.item_count).toBe(ls.reduce((s, l) => s + l.quantity, 0));
        expect(t.discount_amount).toBe(couponDiscount(cp, t.subtotal));
        expect(t.shipping_amount).toBe(shippingCost(c, t.item_count, t.subtotal - t.discount_amount));
        expect(t.tax_amount).toBe(taxOn(t.subtotal - t.discount_amount, c));
        expect(t.total_amount).toBeGreaterThanOrEqual(t.shipping_amount);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(lines, country, coupon, (ls, c, cp) => {
        expect(totalsOf([...ls].reverse(), c, cp)).toEqual(totalsOf(ls, c, cp));
      }),
    );
  });
});

describe('delivery estimate', () => {
  // 2024-06-03 is a Monday.
  const monday = Date.UTC(2024, 5, 3, 10, 30);
  const day = 24 * 60 * 60 * 1000;

  it('addBusinessDays skips Saturdays and Sundays, keeping the time of day', () => {
    expect(addBusinessDays(monday, 0)).toBe(monday);
    expect(addBusinessDays(monday, 1)).toBe(monday + day);
    expect(addBusinessDays(monday, 4)).toBe(monday + 4 * day); // Friday
    expect(addBusinessDays(monday, 5)).toBe(monday + 7 * day); // next Monday
    expect(addBusinessDays(monday + 4 * day, 1)).toBe(monday + 7 * day); // Friday + 1 → Monday
    expect(addBusinessDays(monday + 5 * day, 1)).toBe(monday + 7 * day); // Saturday + 1 → Monday
    expect(addBusinessDays(monday + 6 * day, 1)).toBe(monday + 7 * day); // Sunday + 1 → Monday
    expect(addBusinessDays(monday, 10)).toBe(monday + 14 * day);
  });

  it('addBusinessDays always lands on a weekday, and n business days span n + 2⌊…⌋ calendar days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 * day }), fc.integer({ min: 1, max: 60 }), (offset, n) => {
        const from = monday + offset;
        const to = addBusinessDays(from, n);
        expect([1, 2, 3, 4, 5]).toContain(new Date(to).getUTCDay());
        expect((to - from) % day).toBe(0);
        let weekdays = 0;
        for (let t = from + day; t <= to; t += day) if (![0, 6].includes(new Date(t).getUTCDay())) weekdays += 1;
        expect(weekdays).toBe(n);
      }),
    );
  });

  it('Morocco standard: 7 business days; express: 4; abroad: 14 calendar days whatever the method', () => {
    expect(estimatedDeliveryOf(monday, 'MA')).toBe(monday + 9 * day); // Wednesday of the next week
    expect(estimatedDeliveryOf(monday, 'MA', 'standard')).toBe(monday + 9 * day);
    expect(estimatedDeliveryOf(monday, 'MA', 'express')).toBe(monday + 4 * day); // Friday
    const friday = monday + 4 * day;
    expect(estimatedDeliveryOf(friday, 'MA')).toBe(friday + 11 * day); // Tuesday, 11 days later
    expect(estimatedDeliveryOf(friday, 'MA', 'express')).toBe(friday + 6 * day); // Thursday
    for (const c of ['SA', 'AE', 'US']) {
      expect(estimatedDeliveryOf(monday, c)).toBe(monday + 14 * day);
      expect(estimatedDeliveryOf(monday, c, 'express')).toBe(monday + 14 * day);
    }
  });
});

describe('order statuses', () => {
  const table: [OrderStatus, OrderStatus, boolean][] = [
    ['pending', 'processing', true],
    ['pending', 'cancelled', true],
    ['pending', 'shipped', false],
    ['pending', 'delivered', false],
    ['pending', 'pending', false],
    ['processing', 'shipped', true],
    ['processing', 'cancelled', true],
    ['processing', 'pending', false],
    ['processing', 'delivered', false],
    ['shipped', 'delivered', true],
    ['shipped', 'cancelled', false],
    ['shipped', 'processing', false],
    ['shipped', 'pending', false],
    ['delivered', 'pending', false],
    ['delivered', 'cancelled', false],
    ['delivered', 'shipped', false],
    ['cancelled', 'pending', false],
    ['cancelled', 'processing', false],
    ['cancelled', 'delivered', false],
  ];

  it.each(table)('canMoveOrder(%s → %s) = %s', (from, to, legal) => {
    expect(canMoveOrder(from, to)).toBe(legal);
  });

  it('the table covers every status; delivered only returns; cancelled and returned are final; nothing moves to itself', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_TRANSITIONS.delivered).toEqual(['returned']);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.returned).toEqual([]);
    for (const s of ORDER_STATUSES) expect(canMoveOrder(s, s)).toBe(false);
    const legalMoves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMoveOrder(from, to)));
    expect(legalMoves).toHaveLength(6);
    expect(ORDER_STATUSES.filter((from) => canMoveOrder(from, 'returned'))).toEqual(['delivered']);
  });

  it('tracking steps reached: placed 1 … delivered 4; a cancelled order shows placed only', () => {
    expect(trackingStepsReached('pending')).toBe(1);
    expect(trackingStepsReached('processing')).toBe(2);
    expect(trackingStepsReached('shipped')).toBe(3);
    expect(trackingStepsReached('delivered')).toBe(4);
    expect(trackingStepsReached('cancelled')).toBe(1);
    expect(trackingStepsReached('returned')).toBe(4);
  });
});
