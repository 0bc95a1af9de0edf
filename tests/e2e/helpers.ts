/** Shared steps of the browser tests. */
import { expect, type Page } from '@playwright/test';
import type { ProductDoc } from '../../src/domain/catalog';
import { PROTOCOL_VERSION, type Checkpoint } from '../../src/sync/protocol';

export function env(name: 'SOUK_E2E_URL' | 'SOUK_E2E_CONTROL' | 'SOUK_E2E_SERVER_LOG'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through playwright.config.ts (globalSetup).`);
  return value;
}

/** The page is controlled by our service worker (the first visit included, thanks to clients.claim()). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`${String(error)}\nservice worker state: ${await serviceWorkerState(page)}`);
  }
  const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  expect(new URL(scriptUrl).pathname).toBe('/service-worker.js');
}

/** Where the page's registration stands, for a failure message: which workers it has and in what state. */
async function serviceWorkerState(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return 'no registration';
      const describe = (worker: ServiceWorker | null) => (worker ? `${worker.state} ${worker.scriptURL}` : 'none');
      const { usage, quota } = await navigator.storage.estimate();
      return JSON.stringify({
        url: location.href,
        installing: describe(registration.installing),
        waiting: describe(registration.waiting),
        active: describe(registration.active),
        storage: { usage, quota },
      });
    })
    .catch((error: unknown) => `unreadable: ${String(error)}`);
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
