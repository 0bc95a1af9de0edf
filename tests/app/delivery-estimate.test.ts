import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryWindow, formatDeliveryDay } from '../../src/app/product/delivery-estimate';

/** Local dates (the estimate is in the user's own calendar). */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 10, 0, 0);
const ymd = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('delivery estimate (2 to 4 business days, Saturday and Sunday off)', () => {
  it('Monday → Wednesday to Friday', () => {
    const { earliest, latest } = deliveryWindow(day(2025, 5, 12));
    expect(ymd(earliest)).toEqual([2025, 5, 14]);
    expect(ymd(latest)).toEqual([2025, 5, 16]);
  });

  it('Thursday → Monday to Wednesday (the weekend is skipped)', () => {
    const { earliest, latest } = deliveryWindow(day(2025, 5, 15));
    expect(ymd(earliest)).toEqual([2025, 5, 19]);
    expect(ymd(latest)).toEqual([2025, 5, 21]);
  });

  it('Saturday and Sunday count from Monday', () => {
    for (const weekend of [day(2025, 5, 17), day(2025, 5, 18)]) {
      const { earliest, latest } = deliveryWindow(weekend);
      expect(ymd(earliest)).toEqual([2025, 5, 20]);
      expect(ymd(latest)).toEqual([2025, 5, 22]);
    }
  });

  it('never lands on a weekend, across months', () => {
    for (let i = 0; i < 60; i += 1) {
      const from = day(2025, 1, 1 + i);
      for (const n of [1, 2, 3, 4, 5]) expect([0, 6]).not.toContain(addBusinessDays(from, n).getDay());
    }
    expect(ymd(addBusinessDays(day(2025, 1, 30), 2))).toEqual([2025, 2, 3]);
  });

  it('writes the day in the interface language', () => {
    const thursday = day(2025, 5, 15);
    expect(formatDeliveryDay(thursday, 'fr')).toBe('jeudi 15 mai');
    expect(formatDeliveryDay(thursday, 'en')).toBe('Thursday, May 15');
    expect(formatDeliveryDay(thursday, 'de')).toBe('Donnerstag, 15. Mai');
    expect(formatDeliveryDay(thursday, 'ma')).toMatch(/الخميس/);
  });
});
