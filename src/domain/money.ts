/**
 * Money in MAD. Amounts travel as numbers with at most 2 decimals; arithmetic is
 * done in integer centimes so sums never drift.
 */
export const CURRENCY = 'MAD';

export function toCentimes(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCentimes(centimes: number): number {
  return Math.round(centimes) / 100;
}

/** Sum of MAD amounts without floating drift. */
export function addMoney(...amounts: number[]): number {
  return fromCentimes(amounts.reduce((sum, a) => sum + toCentimes(a), 0));
}

/** amount × quantity, exact to the centime. */
export function multiplyMoney(amount: number, quantity: number): number {
  return fromCentimes(toCentimes(amount) * quantity);
}

/** BCP 47 tag used for number formatting in each interface language. */
const NUMBER_LOCALE: Record<string, string> = {
  ma: 'ar-MA',
  ar: 'ar-MA',
  fr: 'fr-MA',
  en: 'en-US',
  es: 'es-ES',
  de: 'de-DE',
};

/** The BCP 47 tag whose number conventions the interface language uses (English ones when unknown). */
export function numberLocale(language: string): string {
  return NUMBER_LOCALE[language] ?? 'en-US';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats a MAD amount with exactly 2 decimals, in the conventions of the interface language. */
export function formatMAD(amount: number, language: string): string {
  const tag = numberLocale(language);
  let f = formatters.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(tag, f);
  }
  return f.format(amount);
}
