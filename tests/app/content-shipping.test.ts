/**
 * /shipping in every language: express at 30 MAD and free standard delivery above 500 MAD, both formatted per
 * language by formatMAD (never written into a translation), the spec's delivery times, and the seven countries
 * named in the interface language.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { countryName } from '../../src/app/account/format';
import { ShippingPage } from '../../src/app/content/shipping-page';
import {
  EXPRESS_SHIPPING_MAD,
  FREE_SHIPPING_THRESHOLD_MAD,
  shippingAmounts,
  shippingCountries,
} from '../../src/app/content/shipping-facts';
import { formatMAD } from '../../src/domain/money';
import { catalog, count, RAW_KEY, renderPage, stringsOf, textOf } from './content-render';

const SPEC_COUNTRIES = ['MA', 'SA', 'AE', 'QA', 'KW', 'BH', 'OM'];

describe('shipping facts', () => {
  it('are the spec figures: free standard delivery from 500 MAD, express 30 MAD', () => {
    expect(FREE_SHIPPING_THRESHOLD_MAD).toBe(500);
    expect(EXPRESS_SHIPPING_MAD).toBe(30);
  });

  it('format the amounts per language', () => {
    expect(shippingAmounts('en')).toEqual({ freeAbove: 'MAD\u00a0500.00', express: 'MAD\u00a030.00' });
    expect(shippingAmounts('fr').express).toMatch(/^30,00\sMAD$/);
    expect(shippingAmounts('ma')).toEqual({ freeAbove: formatMAD(500, 'ma'), express: formatMAD(30, 'ma') });
  });

  it('list the seven countries of the spec in its order', () => {
    expect(shippingCountries('en').map((c) => c.code)).toEqual(SPEC_COUNTRIES);
    expect(shippingCountries('en').map((c) => c.name)).toContain('Saudi Arabia');
    expect(shippingCountries('ar').map((c) => c.name)).toContain('المغرب');
  });
});

describe.each(LANGUAGES)('shipping page in %s', (language) => {
  const texts = (catalog(language, 'content') as { shipping: Record<string, unknown> }).shipping;

  it('writes no amount into the catalogue: the costs are interpolated', () => {
    for (const text of stringsOf(texts)) expect(text).not.toMatch(/500|30\s*(MAD|د)/);
    expect(stringsOf(texts).join(' ')).toContain('{{freeAbove}}');
    expect(stringsOf(texts).join(' ')).toContain('{{express}}');
  });

  it('shows both amounts through the formatter, the delivery times and the countries', async () => {
    const html = await renderPage(ShippingPage, language, '/shipping');
    const text = textOf(html);
    expect(count(html, /<h1\b/)).toBe(1);
    expect(text).not.toMatch(RAW_KEY);
    expect(text).toContain(formatMAD(FREE_SHIPPING_THRESHOLD_MAD, language));
    expect(text).toContain(formatMAD(EXPRESS_SHIPPING_MAD, language));
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
