import { describe, expect, it } from 'vitest';
import { formatBudget, formatTimeline } from '../../src/app/community/community-format';
import { formatMAD } from '../../src/domain/money';

/** Intl puts no-break spaces between number and unit in some languages. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('community budgets and timelines', () => {
  it('a budget is a range in MAD, one amount when both ends are equal', () => {
    expect(formatBudget(500, 1500, 'en')).toBe(`${formatMAD(500, 'en')} – ${formatMAD(1500, 'en')}`);
    expect(formatBudget(500, 1500, 'en')).toContain('MAD');
    expect(formatBudget(800, 800, 'fr')).toBe(formatMAD(800, 'fr'));
    expect(formatBudget(0, 99.5, 'ma')).toBe(`${formatMAD(0, 'ma')} – ${formatMAD(99.5, 'ma')}`);
  });

  it('a timeline uses the language’s own unit and plural forms', () => {
    expect(formatTimeline(1, 'weeks', 'en')).toBe('1 week');
    expect(formatTimeline(3, 'weeks', 'en')).toBe('3 weeks');
    expect(formatTimeline(10, 'days', 'en')).toBe('10 days');
    expect(plain(formatTimeline(2, 'months', 'fr'))).toBe('2 mois');
    expect(plain(formatTimeline(5, 'days', 'de'))).toBe('5 Tage');
    expect(plain(formatTimeline(2, 'months', 'es'))).toBe('2 meses');
    // Darija and Arabic: Arabic units (not English ones).
    expect(formatTimeline(3, 'days', 'ma')).not.toMatch(/day/);
    expect(formatTimeline(3, 'days', 'ar')).toBe(formatTimeline(3, 'days', 'ma'));
  });
});
