/**
 * The figures the policy texts interpolate ({{rate}}, {{payout}}, {{age}}…), formatted in the conventions of
 * the interface language: percentages, whole numbers, MAD amounts (domain/money) and the last-updated date.
 */
import { formatMAD, numberLocale } from '../../domain/money';
import { formatInteger } from '../i18n/number-format';
import { LANGUAGE_COOKIE_DAYS, LOGIN_COOKIE_DAYS, MINIMUM_AGE, SECURITY_COOKIE_HOURS, THEME_COOKIE_DAYS } from './privacy-facts';
import { COMMISSION_RATE, EXAMPLE_SALE_MAD, PAYOUT_INTERVAL_DAYS, sellerShare } from './seller-terms';

export function formatPercent(rate: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A calendar date (YYYY-MM-DD) written out in full, e.g. 'November 21, 2026' or '21 novembre 2026'. */
export function formatPolicyDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** The seller's terms: {{rate}}, {{days}}, and the worked example {{sale}}, {{commission}}, {{payout}}. */
export function sellerValues(language: string) {
  const { commission, payout } = sellerShare(EXAMPLE_SALE_MAD);
  return {
    rate: formatPercent(COMMISSION_RATE, language),
    days: formatInteger(PAYOUT_INTERVAL_DAYS, language),
    sale: formatMAD(EXAMPLE_SALE_MAD, language),
    commission: formatMAD(commission, language),
    payout: formatMAD(payout, language),
  };
}

/** The privacy facts: {{age}}, {{loginDays}}, {{securityHours}}, {{themeDays}}, {{languageDays}}. */
export function privacyValues(language: string) {
  return {
    age: formatInteger(MINIMUM_AGE, language),
    loginDays: formatInteger(LOGIN_COOKIE_DAYS, language),
    securityHours: formatInteger(SECURITY_COOKIE_HOURS, language),
    themeDays: formatInteger(THEME_COOKIE_DAYS, language),
    languageDays: formatInteger(LANGUAGE_COOKIE_DAYS, language),
  };
}

/** A translated text of several paragraphs, separated by blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
