/** Budgets and timelines of community requests in the interface language. */
import type { TimelineUnit } from '../../domain/community';
import { formatMAD, numberLocale } from '../../domain/money';

/** A budget range in MAD: one amount when both ends are equal, else 'min – max'. */
export function formatBudget(min: number, max: number, language: string): string {
  if (min === max) return formatMAD(min, language);
  return `${formatMAD(min, language)} – ${formatMAD(max, language)}`;
}

const UNIT = { days: 'day', weeks: 'week', months: 'month' } as const satisfies Record<TimelineUnit, string>;
const formatters = new Map<string, Intl.NumberFormat>();

/** A timeline such as '3 weeks', with the language's own plural forms (Intl unit formatting). */
export function formatTimeline(value: number, unit: TimelineUnit, language: string): string {
  const key = `${language}:${unit}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit: UNIT[unit], unitDisplay: 'long' });
    formatters.set(key, f);
  }
  return f.format(value);
}
