/**
 * /faq in every language: ten questions, each answer cut off behind a collapsed toggle (aria-expanded,
 * aria-controls), the spec's facts in the answers (cash on delivery, PayPal coming soon, the shipping amounts
 * through formatMAD, 30 and 14 days, 50,000+ shoppers formatted per language), and the search over them.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { formatInteger } from '../../src/app/i18n/number-format';
import { FaqPage } from '../../src/app/content/faq-page';
import { FAQ_IDS, filterFaq, foldForSearch, TRUSTED_SHOPPERS, type FaqEntry } from '../../src/app/content/faq-items';
import { shippingFacts } from '../../src/app/content/shipping-facts';
import { count, RAW_KEY, renderPage, textOf } from './content-render';

const entries: FaqEntry[] = [
  { id: 'payment', question: 'How can I pay?', answer: 'Cash on delivery; PayPal soon.' },
  { id: 'delivery', question: 'Livraison rapide ?', answer: 'Express en 1 à 2 jours.' },
  { id: 'returns', question: 'كيفاش نرجّع؟', answer: 'فـ 30 يوم من نهار التوصيل.' },
];

describe('FAQ search', () => {
  it('keeps every question for a blank query', () => {
    expect(filterFaq(entries, '   ')).toHaveLength(3);
  });

  it('matches questions and answers, every word, ignoring case and accents', () => {
    expect(filterFaq(entries, 'paypal').map((e) => e.id)).toEqual(['payment']);
    expect(filterFaq(entries, 'LIVRAISON jours').map((e) => e.id)).toEqual(['delivery']);
    expect(filterFaq(entries, 'a deux').map((e) => e.id)).toEqual([]);
    expect(filterFaq(entries, 'à 2').map((e) => e.id)).toEqual(['delivery']);
  });

  it('folds Arabic short vowels and hamza forms', () => {
    expect(foldForSearch('نرجّع')).toBe('نرجع');
    expect(foldForSearch('أيام')).toBe(foldForSearch('ايام'));
    expect(filterFaq(entries, 'نرجع').map((e) => e.id)).toEqual(['returns']);
  });
});

describe.each(LANGUAGES)('FAQ page in %s', (language) => {
  it('shows ten questions, each a collapsed toggle controlling its cut-off answer', async () => {
    const html = await renderPage(FaqPage, language, '/faq');
    expect(count(html, /<h1\b/)).toBe(1);
    expect(count(html, /<h2\b/)).toBe(FAQ_IDS.length);
    expect(FAQ_IDS).toHaveLength(10);
    expect(count(html, /aria-expanded="false"/)).toBe(10);
    const controls = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1]);
    expect(controls).toHaveLength(10);
    for (const id of controls) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/type="search"/);
    expect(html).toMatch(/href="\/contact"/);
    expect(textOf(html)).not.toMatch(RAW_KEY);
  });

  it('states the spec facts in the answers', async () => {
    const text = textOf(await renderPage(FaqPage, language, '/faq'));
    const { freeAbove, express, base, extra } = shippingFacts(language);
    expect(text).toContain(freeAbove);
    expect(text).toContain(express);
    expect(text).toContain(base);
    expect(text).toContain(extra);
    expect(text).toContain('PayPal');
    expect(text).toMatch(/\b30\b/);
    expect(text).toMatch(/\b14\b/);
    expect(text).toContain(formatInteger(TRUSTED_SHOPPERS, language));
  });
});
