/**
 * Issue 8's offline cold start ("with the service worker installed and the network off, navigation to a product
 * grid with 24 products drawn, median under 500 ms in headless Chromium"), in the browser context that did the
 * first sync (its service worker installed, the catalogue stored):
 *
 * - Souk: a navigation to /en/products with the network off (context.setOffline), from navigation start until
 *   the document holds 24 product cards. The clock is the page's own (performance.now(), whose 0 is the
 *   navigation's start), read by an init script's MutationObserver (bench/browser/cards-clock.ts) at the DOM
 *   change that brings the 24th card: no polling delay, no Playwright round trip in the figure. It counts cards
 *   in the DOM, not visible ones: the initial loader (3 s, once per tab session) would cover them on a first
 *   visit; here it showed once, on the online visit before, as in a returning shopper's tab.
 * - Baseline: the same offline navigation answered by the same service worker from the same precache (its
 *   index.html, its stylesheet) with the page's scripts disabled (DevTools Emulation.setScriptExecutionDisabled),
 *   so no app boots: navigation start until the load event ends (PerformanceNavigationTiming.loadEventEnd). It
 *   is what any offline navigation costs before the app's own work (scripts, data worker, RxDB, listing index).
 *
 * Each run starts from an empty document written in place (see navigate), so the previous page's DOM is gone
 * before the clock starts; app and baseline runs alternate so both see the same load on the machine. Every
 * navigation must be answered by the service worker, or the bench fails; the sync indicator's last phase is
 * printed (expected: 'offline', as on a phone without network).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { bundleForBrowser } from './browser-bundle';
import { CARD_SELECTOR } from './browser/product-cards';
import { medianP95, ratio } from './stats';

export interface OfflineStartFigures {
  /** ms, navigation start → 24 cards in the DOM, one per run. */
  app: number[];
  /** ms, navigation start → load event end of the precached shell with scripts off, one per run. */
  baseline: number[];
  /** The sync indicator's phase at the end of the last app run (expected: offline). */
  phase: string;
}

const LISTING_PATH = '/en/products';
const TIMEOUT_MS = 120_000;

async function navigate(page: Page, url: string, waitUntil: 'commit' | 'load'): Promise<void> {
  // An empty document written in place (same origin, same process), not about:blank: a navigation from
  // about:blank changes process, and Chromium 150 loses DevTools' offline emulation there, so the app believed
  // it was online (its sync ended at 'error', not 'offline'). The DOM and its listeners go here; the old
  // document's workers end with the navigation that follows.
  await page.setContent('<!doctype html><title>blank</title>');
  const response = await page.goto(url, { waitUntil, timeout: TIMEOUT_MS });
  if (!response?.fromServiceWorker()) throw new Error(`offline navigation to ${url} was not answered by the service worker`);
}

export async function measureOfflineStart(context: BrowserContext, base: string, runs: number): Promise<OfflineStartFigures> {
  const url = `${base}${LISTING_PATH}`;
  const page = await context.newPage();
  await page.addInitScript({ content: await bundleForBrowser('bench/browser/cards-clock.ts') });
  const cdp = await context.newCDPSession(page);
  try {
    // Online once: the service worker (installed during the first sync) controls this page and the grid shows.
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT_MS });
    await page.waitForSelector(CARD_SELECTOR, { state: 'attached', timeout: TIMEOUT_MS });
    await context.setOffline(true);

    const app: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < runs; run++) {
      await navigate(page, url, 'commit');
      const handle = await page.waitForFunction(
        () => (globalThis as { __cardsAt?: number }).__cardsAt,
        undefined,
        { timeout: TIMEOUT_MS },
      );
      app.push((await handle.jsonValue()) as number);

      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await navigate(page, url, 'load');
      baseline.push(
        await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd),
      );
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    }
    await navigate(page, url, 'commit');
    await page.waitForSelector(CARD_SELECTOR, { state: 'attached', timeout: TIMEOUT_MS });
    const offline = '[data-testid="sync-status"][data-phase="offline"]';
    await page.waitForSelector(offline, { state: 'attached', timeout: 10_000 }).catch(() => undefined);
    const phase = (await page.getAttribute('[data-testid="sync-status"]', 'data-phase')) ?? 'missing';
    return { app, baseline, phase };
  } finally {
    await context.setOffline(false);
    await cdp.detach();
    await page.close();
  }
}

/** Table rows: median and p95 of both, against the 500 ms goal. */
export function offlineStartRows(f: OfflineStartFigures): string[][] {
  const app = medianP95(f.app);
  const shell = medianP95(f.baseline);
  const what = `offline cold start ms, ${f.app.length} runs: /en/products → 24 cards in the DOM vs the precached shell, scripts off`;
  return [
    [`${what}: median (goal: under 500)`, app.median.toFixed(0), shell.median.toFixed(0), ratio(app.median, shell.median)],
    [`offline cold start p95 ms${f.app.length < 20 ? ' (the slowest run)' : ''}`, app.p95.toFixed(0), shell.p95.toFixed(0), ratio(app.p95, shell.p95)],
  ];
}
