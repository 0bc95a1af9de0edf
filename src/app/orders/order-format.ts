/** Dates of orders in the interface language. */
import { numberLocale } from '../../domain/money';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}:${withTime ? 't' : 'd'}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      numberLocale(language),
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    cache.set(key, f);
  }
  return f;
}

/** A time (ms) as a date, e.g. '12 Mar 2025'; with the time of day when asked. */
export function formatOrderDate(ms: number, language: string, withTime = false): string {
  return formatter(language, withTime).format(new Date(ms));
}

/** The ISO form for <time dateTime>. */
export const isoOf = (ms: number): string => new Date(ms).toISOString();
