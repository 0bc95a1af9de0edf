/** A time of day (and the date when not today) in the conventions of the interface language. */
import { numberLocale } from '../../domain/money';

export function formatTime(at: number, language: string, now: number = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(numberLocale(language), sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
