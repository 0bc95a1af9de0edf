/** Numbers in the conventions of the interface language: the same locale as prices (domain/money). */
import { numberLocale } from '../../domain/money';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(language), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    cache.set(key, f);
  }
  return f;
}

/** A rating out of 5 with one decimal (spec §3), e.g. 4.3 / 4,3. */
export function formatRating(rating: number, language: string): string {
  return formatter(language, 1).format(Math.round(rating * 10) / 10);
}

export function formatInteger(value: number, language: string): string {
  return formatter(language, 0).format(value);
}
