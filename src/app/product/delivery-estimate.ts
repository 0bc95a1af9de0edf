/**
 * Spec §9: delivery on the product page in 2 to 4 business days. Business
 * days skip Saturday and Sunday (the Moroccan weekend); the window is shown
 * as dates in the interface language.
 */
import { numberLocale } from '../../domain/money';

export const DELIVERY_MIN_BUSINESS_DAYS = 2;
export const DELIVERY_MAX_BUSINESS_DAYS = 4;

const isWeekend = (date: Date) => date.getDay() === 0 || date.getDay() === 6;

/** The calendar day `days` business days after `from` (local time; the time of day is kept). */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    date.setDate(date.getDate() + 1);
    if (!isWeekend(date)) left -= 1;
  }
  return date;
}

export function deliveryWindow(from: Date): { earliest: Date; latest: Date } {
  return {
    earliest: addBusinessDays(from, DELIVERY_MIN_BUSINESS_DAYS),
    latest: addBusinessDays(from, DELIVERY_MAX_BUSINESS_DAYS),
  };
}

/** A delivery day as the interface language writes it, e.g. 'jeudi 15 mai', 'Thursday, May 15'. */
export function formatDeliveryDay(date: Date, language: string): string {
  return new Intl.DateTimeFormat(numberLocale(language), { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}
