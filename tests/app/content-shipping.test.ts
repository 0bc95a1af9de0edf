/**
 * /shipping in every language: free standard delivery in Morocco from 500 MAD (else 50 + 10 per extra item),
 * express 30 MAD more than standard, the cart rule abroad, the delivery and processing days, every figure taken
 * from the domain's rule (SHIPPING_POLICY, SHIPPING_RATES) and formatted per language (never written into a
 * translation), and the seven countries named in the interface language. shipping-rule-pages.test.ts renders
 * the pages with another rule.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { countryName } from '../../src/app/account/format';
import { ShippingPage } from '../../src/app/content/shipping-page';
import { SHIPPING_FACT_KEYS, shippingCountries, shippingFacts } from '../../src/app/content/shipping-facts';
import { SHIPPING_POLICY, SHIPPING_RATES } from '../../src/domain/commerce';
import { formatMAD } from '../../src/domain/money';
import { catalog, count, RAW_KEY, renderPage, stringsOf, textOf } from './content-render';

const SPEC_COUNTRIES = ['MA', 'SA', 'AE', 'QA', 'KW', 'BH', 'OM'];

describe('shipping facts', () => {
  it('are the rule of decisions.md, formatted: free standard from 500 MAD, express 30 MAD more, 50 + 10, the days', () => {
    expect(shippingFacts('en')).toEqual({
      freeAbove: 'MAD\u00a0500.00',
      express: 'MAD\u00a030.00',
      base: 'MAD\u00a050.00',
      extra: 'MAD\u00a010.00',
      intlBase: 'MAD\u00a014.99',
      intlExtra: 'MAD\u00a03.00',
      standardMin: '3',
      standardMax: '5',
      expressMin: '1',
      expressMax: '2',
      internationalMin: '7',
      internationalMax: '14',
      processingMin: '1',
      processingMax: '2',
    });
  });

  it('format the amounts per language', () => {
    expect(shippingFacts('fr').express).toMatch(/^30,00\sMAD$/);
    expect(shippingFacts('ma')).toMatchObject({ freeAbove: formatMAD(500, 'ma'), express: formatMAD(30, 'ma'), base: formatMAD(50, 'ma') });
  });

  it('list the seven countries of the spec in its order', () => {
    expect(shippingCountries('en').map((c) => c.code)).toEqual(SPEC_COUNTRIES);
    expect(shippingCountries('en').map((c) => c.name)).toContain('Saudi Arabia');
    expect(shippingCountries('ar').map((c) => c.name)).toContain('المغرب');
  });
});

describe.each(LANGUAGES)('shipping page in %s', (language) => {
  const texts = (catalog(language, 'content') as { shipping: Record<string, unknown> }).shipping;

  it('writes no figure into the catalogue: every amount and number of days is interpolated from the rule', () => {
    // Neither Western nor Arabic-Indic digits: a number written in a translation would not follow the rule.
    for (const text of stringsOf(texts)) expect(text).not.toMatch(/[0-9\u0660-\u0669\u06f0-\u06f9]/);
    const all = stringsOf(texts).join(' ');
    for (const key of SHIPPING_FACT_KEYS) expect(all).toContain(`{{${key}}}`);
  });

  it('says express costs the surcharge more than standard, not a flat price', () => {
    const express = (texts.express as { cost: string }).cost;
    expect(express).toContain('{{express}}');
    expect(express.replace('{{express}}', '').trim().length).toBeGreaterThan(3);
  });

  it('shows both amounts through the formatter, the delivery times and the countries', async () => {
    const html = await renderPage(ShippingPage, language, '/shipping');
    const text = textOf(html);
    expect(count(html, /<h1\b/)).toBe(1);
    expect(text).not.toMatch(RAW_KEY);
    expect(text).toContain(formatMAD(SHIPPING_POLICY.freeStandardFrom, language));
    expect(text).toContain(formatMAD(SHIPPING_POLICY.expressSurcharge, language));
    expect(text).toContain(formatMAD(SHIPPING_RATES.MA.base, language));
    expect(text).toContain(formatMAD(SHIPPING_RATES.MA.extra, language));
    expect(text).toContain(formatMAD(SHIPPING_RATES.default.base, language));
    // standard 3-5 business days, express 1-2 days, international 7-14 days, processing 1-2 business days
    expect(text).toMatch(/\b3\b\D{1,6}\b5\b/);
    expect(text).toMatch(/\b7\b\D{1,6}\b14\b/);
    expect(text).toMatch(/\b1\b\D{1,6}\b2\b/);
    for (const code of SPEC_COUNTRIES) expect(text).toContain(countryName(code, language));
    expect(count(html, /scope="col"/)).toBe(3);
    expect(count(html, /scope="row"/)).toBe(3);
    expect(html).toMatch(/<caption\b/);
    expect(html).toMatch(/href="\/returns"/);
  });
});
