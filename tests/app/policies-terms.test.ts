/**
 * The terms of service in every language: each section of the contents has a title and a text; the sellers' section
 * says 10% commission (COMMISSION_RATE) and payouts every two weeks (PAYOUT_INTERVAL_DAYS), both interpolated; the
 * buying section names MAD, cash on delivery being the way to pay and PayPal coming; accounts state the minimum age.
 * And a location hash names a section only when it is one of the page's.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import { privacyValues, sellerValues } from '../../src/app/policies/policy-values';
import { MINIMUM_AGE } from '../../src/app/policies/privacy-facts';
import { sectionFromHash } from '../../src/app/policies/section-links';
import { COMMISSION_RATE, PAYOUT_INTERVAL_DAYS } from '../../src/app/policies/seller-terms';
import { TERMS_SECTIONS, termsSectionId } from '../../src/app/policies/terms-sections';
import { policiesT, rawText, TWO_WEEKS } from './policies-catalog';

describe.each(LANGUAGES)('%s: the terms texts', (language) => {
  const values = { ...sellerValues(language), ...privacyValues(language) };

  it('have a title and a text for every section of the contents, all different titles', async () => {
    const t = await policiesT(language);
    const titles = TERMS_SECTIONS.map((section) => t(`terms.sections.${section}.title`));
    for (const section of TERMS_SECTIONS) {
      expect(t(`terms.sections.${section}.body`, values)).not.toBe(`terms.sections.${section}.body`);
    }
    expect(titles.filter((title) => title.startsWith('terms.'))).toEqual([]);
    expect(new Set(titles).size).toBe(TERMS_SECTIONS.length);
  });

  it('sellers: the commission rate and payouts every two weeks, from the constants', async () => {
    const t = await policiesT(language);
    const raw = rawText(language, 'terms.sections.sellers.body');
    expect(raw).toContain('{{rate}}');
    expect(raw).not.toMatch(/\d/);
    const text = t('terms.sections.sellers.body', values);
    expect(text).toContain(formatInteger(COMMISSION_RATE * 100, language));
    expect(text).toContain(formatInteger(PAYOUT_INTERVAL_DAYS, language));
    expect(text).toMatch(TWO_WEEKS[language] ?? /missing/);
  });

  it('buying: prices in MAD, PayPal coming soon; accounts: the minimum age', async () => {
    const t = await policiesT(language);
    const buying = t('terms.sections.buying.body', values);
    expect(buying).toContain('MAD');
    expect(buying).toContain('PayPal');
    expect(rawText(language, 'terms.sections.accounts.body')).not.toMatch(/\d/);
    expect(t('terms.sections.accounts.body', values)).toContain(formatInteger(MINIMUM_AGE, language));
  });
});

describe('sectionFromHash', () => {
  const ids = TERMS_SECTIONS.map(termsSectionId);

  it('finds the section a hash names', () => {
    expect(sectionFromHash('#terms-law', ids)).toBe('terms-law');
    expect(sectionFromHash('terms-returns', ids)).toBe('terms-returns');
  });

  it('ignores hashes that name no section', () => {
    expect(sectionFromHash('', ids)).toBeNull();
    expect(sectionFromHash('#main', ids)).toBeNull();
    expect(sectionFromHash('#terms-', ids)).toBeNull();
    expect(sectionFromHash('#%E0', ids)).toBeNull();
  });
});
