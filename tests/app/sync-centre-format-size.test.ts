/** Sizes in the sync centre (src/app/sync-centre/format-size.ts): megabytes in the interface language's conventions. */
import { describe, expect, it } from 'vitest';
import { formatMegabytes } from '../../src/app/sync-centre/format-size';

/** The space between number and unit differs between ICU versions (no-break, narrow no-break): compare it as a space. */
const spaced = (text: string) => text.replace(/\s/gu, ' ');

describe('formatMegabytes', () => {
  it('shows one decimal under 10 MB and whole megabytes above', () => {
    expect(formatMegabytes(3_250_000, 'en')).toBe('3.3 MB');
    expect(formatMegabytes(12_600_000, 'en')).toBe('13 MB');
    expect(formatMegabytes(2_000_000, 'en')).toBe('2 MB');
    expect(formatMegabytes(1_234_500_000, 'en')).toBe('1,235 MB');
  });

  it("uses the language's decimal sign, grouping and unit", () => {
    expect(spaced(formatMegabytes(3_250_000, 'fr'))).toBe('3,3 Mo');
    expect(spaced(formatMegabytes(3_250_000, 'de'))).toBe('3,3 MB');
    expect(spaced(formatMegabytes(1_234_500_000, 'de'))).toBe('1.235 MB');
    // Darija and Arabic count like prices do (ar-MA: Latin digits, a decimal comma).
    expect(formatMegabytes(3_250_000, 'ma')).toBe(formatMegabytes(3_250_000, 'ar'));
    expect(formatMegabytes(3_250_000, 'ma')).toMatch(/^3,3\s/);
  });

  it('never says 0 for something stored, and 0 for nothing', () => {
    expect(formatMegabytes(20_000, 'en')).toBe('0.1 MB');
    expect(formatMegabytes(0, 'en')).toBe('0 MB');
  });
});
