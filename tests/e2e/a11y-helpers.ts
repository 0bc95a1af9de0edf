/** Shared steps of the accessibility browser tests: an axe-core scan that reports serious and critical violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { env } from './helpers';

/** The impacts that fail a page (moderate and minor ones are printed by nobody, fixed as found). */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe (WCAG 2.0/2.1 A and AA plus best practices) on the page; one line per serious or critical violation. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
}

/** Soft-fails (the test goes on to the next page) when the page has a serious or critical violation. */
export async function expectNoBlockingViolations(page: Page, label: string): Promise<void> {
  const found = await blockingViolations(page);
  expect.soft(found, `${label}: axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
}

/** Language and theme remembered as a visitor's choice would be: cookies read by public/boot.js before first paint. */
export async function rememberLanguageAndTheme(context: BrowserContext, base: string, lang: string, theme: 'light' | 'dark'): Promise<void> {
  await context.addCookies([
    { name: 'souk_lang', value: lang, url: base },
    { name: 'souk_theme', value: theme, url: base },
  ]);
  // Visiting /en/login writes souk_lang=en: every page load starts again from the chosen language.
  await context.addInitScript((l) => {
    document.cookie = `souk_lang=${l}; Path=/; SameSite=Lax`;
    window.localStorage.setItem('souk_lang', l);
  }, lang);
}

/** A fresh visitor's page on `path` (e.g. '/products') in a language (no prefix for ma) and theme, at a viewport. */
export async function openAs(
  browser: Browser,
  path: string,
  lang: 'ma' | 'en',
  theme: 'light' | 'dark',
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const base = env('SOUK_E2E_URL');
  const context = await browser.newContext({ viewport });
  await rememberLanguageAndTheme(context, base, lang, theme);
  const page = await context.newPage();
  await page.goto(`${base}${lang === 'ma' ? '' : `/${lang}`}${path}`);
  return { context, page };
}
