/**
 * The seller's terms in every language (spec §1, §9): the commission text shows COMMISSION_RATE (10%), the payout
 * text says every two weeks and shows PAYOUT_INTERVAL_DAYS, and the worked example is computed from the rate:
 * 1,000 MAD → 100 MAD commission, 900 MAD to the seller, each formatted as MAD in that language.
 */
import { describe, expect, it } from 'vitest';
import { formatMAD } from '../../src/domain/money';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import { sellerValues } from '../../src/app/policies/policy-values';
import { COMMISSION_RATE, EXAMPLE_SALE_MAD, PAYOUT_INTERVAL_DAYS, sellerShare } from '../../src/app/policies/seller-terms';
import { policiesT, rawText, TWO_WEEKS } from './policies-catalog';

describe('seller terms', () => {
  it('are the spec figures: 10% commission, payouts every 14 days, example sale 1,000 MAD', () => {
    expect(COMMISSION_RATE).toBe(0.1);
    expect(PAYOUT_INTERVAL_DAYS).toBe(14);
    expect(EXAMPLE_SALE_MAD).toBe(1000);
  });

  it('split a sale into commission and payout, exact to the centime', () => {
    expect(sellerShare(1000)).toEqual({ commission: 100, payout: 900 });
    expect(sellerShare(249.95)).toEqual({ commission: 25, payout: 224.95 });
    expect(sellerShare(0.05)).toEqual({ commission: 0.01, payout: 0.04 });
    for (const sale of [0, 0.01, 19.99, 333.33, 1234.56]) {
      const { commission, payout } = sellerShare(sale);
      expect(Math.round(commission * 100) + Math.round(payout * 100)).toBe(Math.round(sale * 100));
    }
  });
});

describe.each(LANGUAGES)('%s: the become-a-seller texts carry the facts', (language) => {
  const values = sellerValues(language);

  it('the commission is the constant rate, interpolated', async () => {
    const t = await policiesT(language);
    expect(rawText(language, 'seller.commission')).toContain('{{rate}}');
    expect(rawText(language, 'seller.commission')).not.toMatch(/\d/);
    const text = t('seller.commission', values);
    expect(text).toContain(formatInteger(COMMISSION_RATE * 100, language));
    expect(text).toContain(values.rate);
  });

  it('payouts come every two weeks, and the interval in days is shown', async () => {
    const t = await policiesT(language);
    const text = t('seller.payouts', values);
    expect(text).toMatch(TWO_WEEKS[language] ?? /missing/);
    expect(text).toContain(formatInteger(PAYOUT_INTERVAL_DAYS, language));
  });

  it('the worked example shows 1,000 / 100 / 900 MAD computed from the rate, formatted in the language', async () => {
    const t = await policiesT(language);
    expect(rawText(language, 'seller.example')).not.toMatch(/\d/);
    const text = t('seller.example', values);
    const sale = formatMAD(EXAMPLE_SALE_MAD, language);
    const commission = formatMAD(EXAMPLE_SALE_MAD * COMMISSION_RATE, language);
    const payout = formatMAD(EXAMPLE_SALE_MAD * (1 - COMMISSION_RATE), language);
    expect([sale, commission, payout].map((amount) => text.includes(amount))).toEqual([true, true, true]);
    expect(text.indexOf(sale)).toBeLessThan(text.indexOf(commission));
    expect(text.indexOf(commission)).toBeLessThan(text.indexOf(payout));
  });

  it('no listing or monthly fees, and the four steps', async () => {
    const t = await policiesT(language);
    expect(t('seller.noFees')).not.toBe('seller.noFees');
    for (const step of ['register', 'verify', 'shop', 'list'] as const) {
      expect(t(`seller.steps.${step}.title`)).not.toBe(`seller.steps.${step}.title`);
    }
  });
});
