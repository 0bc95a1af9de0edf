/** Dates and country names in the interface language. */
import { numberLocale } from '../../domain/money';

/**
 * An ISO date as '12 March 2025' in the language's conventions; the raw text when it does not parse.
 * A bare date (2025-03-12) is a calendar day, read in UTC so no time zone moves it to the day before.
 */
export function formatMemberSince(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'long', timeZone: zone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'long' }).format(date);
  }
}

/** A country's name in the interface language (Intl.DisplayNames), the code itself when unavailable. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([numberLocale(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
