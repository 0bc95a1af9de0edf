/**
 * The policy pages show the rule, not copies of it: with the domain's shipping rule changed (every figure other
 * than today's), the shipping page, the FAQ and the footer say the new figures, in every language, and none of
 * today's amounts or day ranges is left.
 */
import { describe, expect, it, vi } from 'vitest';
import { FaqPage } from '../../src/app/content/faq-page';
import { ShippingPage } from '../../src/app/content/shipping-page';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { Footer } from '../../src/app/layout/footer';
import type * as Commerce from '../../src/domain/commerce';
import { formatMAD } from '../../src/domain/money';
import { renderPage, textOf } from './content-render';

// Hoisted above the imports: every module that reads the rule sees this one.
vi.mock('../../src/domain/commerce', async (importOriginal) => {
  const actual = await importOriginal<typeof Commerce>();
  return {
    ...actual,
    SHIPPING_POLICY: {
      freeStandardFrom: 750,
      expressSurcharge: 45,
      processingDays: { min: 2, max: 3 },
      standardDays: { min: 4, max: 6 },
      expressDays: { min: 1, max: 3 },
      internationalDays: { min: 8, max: 15 },
    },
    SHIPPING_RATES: {
      MA: { base: 40, extra: 15 },
      US: { base: 6.99, extra: 2.5 },
      default: { base: 19.99, extra: 4 },
    },
  };
});

/** "4 … 6" as each language writes a range (4–6, 4 à 6, de 4 a 6, من 4 إلى 6). */
const range = (min: number, max: number) => new RegExp(`\\b${min}\\b\\D{1,8}\\b${max}\\b`);

/** An amount as written, not as the end of a longer one (50,00 MAD inside 750,00 MAD). */
const amountIn = (formatted: string) => new RegExp(`(?<![0-9])${formatted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe.each(LANGUAGES)('with another shipping rule, in %s', (language) => {
  const money = (amount: number) => amountIn(formatMAD(amount, language));

  it('the shipping page states the new figures and none of today’s', async () => {
    const text = textOf(await renderPage(ShippingPage, language, '/shipping'));
    for (const amount of [750, 45, 40, 15, 19.99, 4]) expect(text).toMatch(money(amount));
    for (const [min, max] of [[4, 6], [1, 3], [8, 15], [2, 3]] as const) expect(text).toMatch(range(min, max));
    for (const amount of [500, 30, 50, 10, 14.99]) expect(text).not.toMatch(money(amount));
    for (const [min, max] of [[3, 5], [7, 14], [1, 2]] as const) expect(text).not.toMatch(range(min, max));
    if (language === 'en') expect(text).toContain(`${formatMAD(45, language)} more than standard`);
  });

  it('the FAQ answer on delivery states the new figures', async () => {
    const text = textOf(await renderPage(FaqPage, language, '/faq'));
    for (const amount of [750, 45, 40, 15, 19.99, 4]) expect(text).toMatch(money(amount));
    for (const [min, max] of [[4, 6], [1, 3], [8, 15], [2, 3]] as const) expect(text).toMatch(range(min, max));
    for (const amount of [500, 30, 50, 10, 14.99]) expect(text).not.toMatch(money(amount));
  });

  it('the footer states the new threshold', async () => {
    const text = textOf(await renderPage(Footer, language, '/'));
    expect(text).toMatch(money(750));
    expect(text).not.toMatch(money(500));
  });
});
