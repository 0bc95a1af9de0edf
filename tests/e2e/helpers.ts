/** Shared steps of the browser tests. */
import { expect, type CDPSession, type Page } from '@playwright/test';
import type { ProductDoc } from '../../src/domain/catalog';
import { PROTOCOL_VERSION, type Checkpoint } from '../../src/sync/protocol';

export function env(name: 'SOUK_E2E_URL' | 'SOUK_E2E_CONTROL' | 'SOUK_E2E_SERVER_LOG'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts (globalSetup).`);
  return value;
}

/** The page is controlled by our service worker (the first visit included, thanks to clients.claim()). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(new URL(scriptUrl).pathname).toBe('/service-worker.js');
}

/**
 * Navigates a page of a context that is offline (`context.setOffline(true)`) and keeps the new document offline.
 *
 * Debian's Chromium 150 loses Playwright's offline emulation of `navigator.onLine` in the document a navigation
 * creates: its requests still fail, but the page and its data worker say online (printed from inside these
 * tests), so the app tries the network and shows "sync interrupted" where a device that is really offline says
 * "offline". Sending the same emulation again on a CDP session of the page's own sets it for the new document
 * without ever passing through online, so no request can slip out in between. The session stays attached
 * (detaching would drop its emulation) and ends with the page.
 */
export async function gotoOffline(page: Page, url: string): Promise<void> {
  await page.goto(url);
  let session = offlineSessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    offlineSessions.set(page, session);
  }
  await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForFunction(() => !navigator.onLine);
}

const offlineSessions = new WeakMap<Page, CDPSession>();

/** Back online after `gotoOffline`: the page's own emulation goes first, then the context's. */
export async function backOnline(page: Page): Promise<void> {
  const session = offlineSessions.get(page);
  offlineSessions.delete(page);
  await session?.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await session?.detach();
  await page.context().setOffline(false);
}

/** The first sync has caught up: the sync status says 'live'. */
export async function waitForLiveSync(page: Page): Promise<void> {
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-phase', 'live', { timeout: 60_000 });
}

/** Every product on the server, through the replication endpoint (the same data the client mirrors). */
export async function fetchAllProducts(baseUrl: string): Promise<Map<string, ProductDoc>> {
  const products = new Map<string, ProductDoc>();
  let checkpoint: Checkpoint | null = null;
  for (;;) {
    const q = new URLSearchParams({ v: String(PROTOCOL_VERSION), limit: '1000' });
    if (checkpoint) {
      q.set('updatedAt', String(checkpoint.updatedAt));
      q.set('id', checkpoint.id);
    }
    const res = await fetch(`${baseUrl}/api/sync/products/pull?${q}`);
    if (!res.ok) throw new Error(`pull products: HTTP ${res.status}`);
    const body = (await res.json()) as {
      documents: (ProductDoc & { _deleted: boolean })[];
      checkpoint: Checkpoint | null;
    };
    if (body.documents.length === 0) return products;
    for (const doc of body.documents) {
      if (doc._deleted) products.delete(doc.id);
      else products.set(doc.id, doc);
    }
    checkpoint = body.checkpoint;
  }
}

/** MAD as the browser formats it for a BCP 47 tag, exactly as src/domain/money.ts formatMAD does. */
export function formatMadInPage(page: Page, amount: number, tag: string): Promise<string> {
  return page.evaluate(
    ({ amount, tag }) =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: 'MAD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(amount),
    { amount, tag },
  );
}

/** The product id in a card's link to /products/{id}. */
export function productIdFromHref(href: string | null): string {
  const match = /\/products\/(\d+)(?:[?#/]|$)/.exec(href ?? '');
  if (!match?.[1]) throw new Error(`not a product link: ${String(href)}`);
  return match[1];
}
