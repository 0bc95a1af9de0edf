/**
 * The countries the checkout offers (spec §9: Morocco and six Gulf states) and the names a client may send
 * instead of their ISO codes (decisions.md "Order calls from API clients"): each country's name as the
 * checkout shows it in the six interface languages (Intl.DisplayNames of ma/ar, fr, en, es, de), plus the
 * common variants an API client types. Names are compared folded: case, accents, Arabic diacritics and
 * letter variants (أ إ آ ا, ة ه, ى ي), hyphens, dots and extra spaces do not count.
 */
import { COUNTRIES, type Country } from './account';

const NAMES: Readonly<Record<Country, readonly string[]>> = {
  MA: ['Morocco', 'Kingdom of Morocco', 'Maroc', 'Royaume du Maroc', 'Marruecos', 'Marokko', 'المغرب', 'المملكة المغربية', 'لمغريب'],
  SA: ['Saudi Arabia', 'Kingdom of Saudi Arabia', 'KSA', 'Arabie saoudite', 'Arabia Saudí', 'Arabia Saudita', 'Saudi-Arabien', 'المملكة العربية السعودية', 'السعودية'],
  AE: ['United Arab Emirates', 'UAE', 'Emirates', 'Émirats arabes unis', 'Emiratos Árabes Unidos', 'Vereinigte Arabische Emirate', 'الإمارات العربية المتحدة', 'الإمارات'],
  QA: ['Qatar', 'State of Qatar', 'Catar', 'Katar', 'قطر'],
  KW: ['Kuwait', 'State of Kuwait', 'Koweït', 'الكويت'],
  BH: ['Bahrain', 'Kingdom of Bahrain', 'Bahreïn', 'Baréin', 'Bahréin', 'البحرين'],
  OM: ['Oman', 'Sultanate of Oman', 'Omán', 'عمان', 'عُمان', 'سلطنة عمان'],
};

/** A name folded for comparison (see the module comment). */
export function foldCountryName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase()
    .replace(/[-.'’_,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_NAME: ReadonlyMap<string, Country> = new Map(
  COUNTRIES.flatMap((code) => [code, ...NAMES[code]].map((name) => [foldCountryName(name), code] as const)),
);

/** The ISO code of a country sent as its code (any case) or one of its names; null when it is not offered. */
export function countryCodeOf(value: string): Country | null {
  return BY_NAME.get(foldCountryName(value)) ?? null;
}

/** What a refusal lists as accepted: the codes, each with its English name. */
export const ACCEPTED_COUNTRIES_TEXT = COUNTRIES.map((code) => `${code} (${NAMES[code][0]})`).join(', ');
