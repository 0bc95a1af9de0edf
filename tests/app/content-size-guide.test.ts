/**
 * /size-guide in every language: women's, men's and children's charts with sizes XS to XXL, each an
 * accessible table (caption, th scope) inside a focusable labelled region, numbers formatted per language,
 * the how-to-measure section and the link to the tailors. The chart itself grows with the size.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import { MEASURES, SIZE_CHART, SIZE_GROUPS, SIZES } from '../../src/app/content/size-chart';
import { SizeGuidePage } from '../../src/app/content/size-guide-page';
import { count, RAW_KEY, renderPage, textOf } from './content-render';

describe('size chart', () => {
  it('has XS to XXL for each group, every measure growing with the size', () => {
    for (const group of SIZE_GROUPS) {
      const rows = SIZE_CHART[group];
      expect(rows.map((r) => r.size)).toEqual([...SIZES]);
      for (const measure of MEASURES) {
        const values = rows.map((r) => r.cm[measure]);
        for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] ?? Infinity);
        expect(Math.min(...values)).toBeGreaterThan(40);
        expect(Math.max(...values)).toBeLessThan(160);
      }
    }
  });

  it('gives ages only for children', () => {
    expect(SIZE_CHART.children.every((r) => r.age && r.age.from < r.age.to)).toBe(true);
    expect(SIZE_CHART.women.some((r) => r.age)).toBe(false);
  });
});

describe.each(LANGUAGES)('size guide page in %s', (language) => {
  it('renders three accessible, scrollable tables with formatted numbers', async () => {
    const html = await renderPage(SizeGuidePage, language, '/size-guide');
    expect(count(html, /<h1\b/)).toBe(1);
    expect(count(html, /<table\b/)).toBe(3);
    expect(count(html, /<caption\b/)).toBe(3);
    expect(count(html, /role="region"[^>]*aria-label="[^"]+"[^>]*tabindex="0"/)).toBe(3);
    // women and men: size + 4 measures; children: size + age + 4 measures
    expect(count(html, /scope="col"/)).toBe(5 + 5 + 6);
    expect(count(html, /scope="row"/)).toBe(18);
    for (const size of SIZES) expect(html).toContain(`>${size}</th>`);
    const text = textOf(html);
    expect(text).not.toMatch(RAW_KEY);
    expect(text).toContain(formatInteger(SIZE_CHART.women[0]?.cm.length ?? 0, language));
    expect(text).toContain(formatInteger(SIZE_CHART.men[5]?.cm.chest ?? 0, language));
    expect(html).toMatch(/href="\/tailoring"/);
    expect(count(html, /<h2\b/)).toBe(3);
  });
});
