/**
 * The privacy policy in every language carries the spec's facts through the constants: not for children under 16
 * (MINIMUM_AGE), the login cookie 7 days, the theme cookie 365 days, the language cookie's lifetime, all interpolated
 * and formatted in the language; the last-updated date is written out per language.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_COOKIE_LIFETIME_MS } from '../../src/domain/account';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import {
  LANGUAGE_COOKIE_DAYS,
  LOGIN_COOKIE_DAYS,
  MINIMUM_AGE,
  POLICIES_UPDATED_ON,
  SECURITY_COOKIE_HOURS,
  THEME_COOKIE_DAYS,
} from '../../src/app/policies/privacy-facts';
import { XSRF_LIFETIME_S } from '../../src/server/auth/cookies';
import { formatPolicyDate, privacyValues } from '../../src/app/policies/policy-values';
import { policiesT, rawText } from './policies-catalog';

describe('privacy facts', () => {
  it('are the spec figures and the app’s own cookie lifetimes', () => {
    expect(MINIMUM_AGE).toBe(16);
    expect(LOGIN_COOKIE_DAYS).toBe(7);
    expect(LOGIN_COOKIE_DAYS * 24 * 60 * 60 * 1000).toBe(LOGIN_COOKIE_LIFETIME_MS);
    expect(THEME_COOKIE_DAYS).toBe(365);
    expect(LANGUAGE_COOKIE_DAYS).toBe(365);
    // The anti-forgery cookie the server sets (src/server/auth/cookies.ts).
    expect(SECURITY_COOKIE_HOURS * 3600).toBe(XSRF_LIFETIME_S);
    expect(SECURITY_COOKIE_HOURS).toBe(2);
    expect(POLICIES_UPDATED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe.each(LANGUAGES)('%s: the privacy texts carry the facts', (language) => {
  const values = privacyValues(language);

  it('children under the minimum age: the age interpolated, never written in', async () => {
    const t = await policiesT(language);
    expect(rawText(language, 'privacy.children')).toContain('{{age}}');
    expect(rawText(language, 'privacy.children')).not.toMatch(/\d/);
    expect(t('privacy.children', values)).toContain(formatInteger(MINIMUM_AGE, language));
  });

  it('the cookies and how long each lasts', async () => {
    const t = await policiesT(language);
    const cookies = [
      ['login', LOGIN_COOKIE_DAYS],
      ['security', SECURITY_COOKIE_HOURS],
      ['theme', THEME_COOKIE_DAYS],
      ['language', LANGUAGE_COOKIE_DAYS],
    ] as const;
    for (const [cookie, days] of cookies) {
      expect(rawText(language, `privacy.cookies.${cookie}`)).not.toMatch(/\d/);
      expect(t(`privacy.cookies.${cookie}`, values)).toContain(formatInteger(days, language));
    }
  });

  it('every kind of data kept is described', async () => {
    const t = await policiesT(language);
    for (const item of ['account', 'addresses', 'orders', 'messages', 'device', 'push'] as const) {
      expect(t(`privacy.data.${item}`)).not.toBe(`privacy.data.${item}`);
    }
  });

  it('the last-updated line shows the date written out in the language', async () => {
    const t = await policiesT(language);
    const date = formatPolicyDate(POLICIES_UPDATED_ON, language);
    expect(t('common.lastUpdated', { date })).toContain(date);
  });
});

describe('formatPolicyDate', () => {
  it('writes the calendar day out in each language, whatever the time zone', () => {
    expect(formatPolicyDate('2026-11-21', 'en')).toBe('November 21, 2026');
    expect(formatPolicyDate('2026-11-21', 'fr')).toBe('21 novembre 2026');
    expect(formatPolicyDate('2026-01-01', 'de')).toBe('1. Januar 2026');
    expect(formatPolicyDate('2026-11-21', 'es')).toBe('21 de noviembre de 2026');
    expect(formatPolicyDate('2026-11-21', 'ma')).toContain('2026');
    expect(formatPolicyDate('2026-11-21', 'ma')).toBe(formatPolicyDate('2026-11-21', 'ar'));
  });
});
