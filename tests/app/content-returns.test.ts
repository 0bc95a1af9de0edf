/**
 * /returns in every language: the spec's rules (30 days, 14 days, 48 hours, over 50%, refunds in 3-5 business
 * days) are stated, the three tabs follow the WAI-ARIA pattern with the selected one read from ?tab=, and the
 * contact page is linked.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { ReturnsPage } from '../../src/app/content/returns-page';
import { RETURNS_TABS, returnsTabOf, searchForReturnsTab } from '../../src/app/content/returns-tabs';
import { catalog, count, RAW_KEY, renderPage, stringsOf, textOf } from './content-render';

interface ReturnsTexts {
  policy: Record<string, string>;
  exchanges: Record<string, string>;
  process: { steps: Record<string, string> };
}
const returnsOf = (language: string) => (catalog(language, 'content') as { returns: ReturnsTexts }).returns;

describe('the tab in the URL', () => {
  it('reads ?tab=, the policy when absent or unknown', () => {
    expect(returnsTabOf('')).toBe('policy');
    expect(returnsTabOf('tab=exchanges')).toBe('exchanges');
    expect(returnsTabOf('?tab=process&x=1')).toBe('process');
    expect(returnsTabOf('tab=refunds')).toBe('policy');
  });

  it('writes it keeping other parameters, the policy left out', () => {
    expect(searchForReturnsTab('x=1', 'process')).toBe('x=1&tab=process');
    expect(searchForReturnsTab('tab=process&x=1', 'policy')).toBe('x=1');
    for (const tab of RETURNS_TABS) expect(returnsTabOf(searchForReturnsTab('', tab))).toBe(tab);
  });
});

describe.each(LANGUAGES)('returns texts in %s', (language) => {
  const texts = returnsOf(language);

  it('states the spec figures: 30 days, 48 hours, over 50%, refunds in 3-5 business days', () => {
    expect(texts.policy.window).toMatch(/\b30\b/);
    expect(texts.policy.defects).toMatch(/\b48\b/);
    expect(texts.policy.excluded).toMatch(/\b50\s?%/);
    expect(texts.policy.refund).toMatch(/\b3\b.*\b5\b/);
    expect(texts.process.steps.refund).toMatch(/\b3\b.*\b5\b/);
  });

  it('states that exchanges are asked for within 14 days', () => {
    expect(texts.exchanges.window).toMatch(/\b14\b/);
  });

  it('never gives another return window or refund delay than the spec', () => {
    const numbers = stringsOf(texts).flatMap((s) => [...s.matchAll(/\d+/g)].map((m) => Number(m[0])));
    expect(numbers.filter((n) => ![3, 5, 7, 14, 30, 48, 50].includes(n))).toEqual([]);
  });

  for (const tab of RETURNS_TABS) {
    it(`renders the ${tab} tab selected from ?tab=${tab}`, async () => {
      const html = await renderPage(ReturnsPage, language, `/returns?tab=${tab}`);
      expect(count(html, /<h1\b/)).toBe(1);
      expect(count(html, /role="tab"/)).toBe(3);
      expect(count(html, /aria-selected="true"/)).toBe(1);
      expect(html).toMatch(new RegExp(`<button[^>]*aria-selected="true"[^>]*data-testid="tab-${tab}"`));
      expect(html).toContain(`data-testid="returns-panel-${tab}"`);
      expect(html).toMatch(/role="tabpanel"/);
      expect(html).toMatch(/href="\/contact"/);
      const text = textOf(html);
      expect(text).not.toMatch(RAW_KEY);
      const panel = tab === 'process' ? texts.process.steps : texts[tab];
      for (const rule of Object.values(panel)) expect(text).toContain(rule);
    });
  }
});
