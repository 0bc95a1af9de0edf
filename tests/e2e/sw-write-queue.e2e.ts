/**
 * The service worker's queue of writes (docs/COMMERCE.md, "The service worker's queue") in Chromium against the
 * built PWA and the real server, below the UI: a write sent from the page with the outbox's headers while offline
 * is answered 202 {status:'queued', key} with X-Souk-Queued: 1 (a second send with the same key is not stored
 * twice); with the page closed the network comes back; the reopened app finds it delivered, and exactly one POST
 * reached the server (the proxy's request log). Once with the Background Sync API (sync event), once with it
 * removed from the page (X-Souk-Background-Sync: 0, replay without sync events). While a page stays open it is
 * told {type:'SOUK_QUEUE_REPLAYED', key, status}.
 * The write is a follow (POST /api/shops/{id}/follow, idempotent by key on the server), made by a demo seller.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { tokenOwner } from '../../src/sync/session-token';
import { env, waitForServiceWorkerControl } from './helpers';
import { sellerToken } from './order-helpers';
import { lastRequestSeq, requestsSince } from './request-log-proxy';

test.describe.configure({ mode: 'serial' });

interface Shop {
  id: number;
  slug: string;
  status: string;
}

let token = '';
let shops: Shop[] = [];

test.beforeAll(async () => {
  const base = env('SOUK_E2E_URL');
  const list = (await (await fetch(`${base}/api/shops?per_page=50`)).json()) as { data: Shop[] };
  const active = list.data.filter((s) => s.status === 'active');
  expect(active.length).toBeGreaterThanOrEqual(4);
  // A demo seller as the signed-in user (the suite's registrations are few); it follows other shops.
  const seller = active.at(-1) as Shop;
  token = await sellerToken(base, seller.slug);
  shops = active.slice(0, 3);
});

async function isFollowing(base: string, shop: Shop): Promise<boolean> {
  const res = await fetch(`${base}/api/shops/${shop.id}/following`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { isFollowing: boolean } }).data.isFollowing;
}

/** The outbox's request, sent from the page (through its service worker). */
function sendQueuedWrite(page: Page, path: string, key: string, backgroundSync: '1' | '0') {
  return page.evaluate(
    async ({ path, key, token, owner, backgroundSync }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': key,
          'X-Souk-Queue': owner,
          'X-Souk-Background-Sync': backgroundSync,
        },
        body: '{}',
      });
      return { status: res.status, queued: res.headers.get('X-Souk-Queued'), body: (await res.json()) as unknown };
    },
    { path, key, token, owner: tokenOwner(token), backgroundSync },
  );
}

const REMOVE_BACKGROUND_SYNC = () => {
  delete (ServiceWorkerRegistration.prototype as unknown as Record<string, unknown>).sync;
  delete (window as unknown as Record<string, unknown>).SyncManager;
};

async function openApp(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/en`);
  await waitForServiceWorkerControl(page);
  return page;
}

for (const variant of [
  { name: 'with Background Sync', shopIndex: 0, backgroundSync: '1' as const },
  { name: 'without Background Sync', shopIndex: 1, backgroundSync: '0' as const },
]) {
  test(`${variant.name}: queued offline (202), delivered exactly once after closing and reopening online`, async ({ browser }) => {
    const base = env('SOUK_E2E_URL');
    const control = env('SOUK_E2E_CONTROL');
    const shop = shops[variant.shopIndex] as Shop;
    const path = `/api/shops/${shop.id}/follow`;
    const key = `e2e-swq-${variant.backgroundSync}-${Date.now()}`;
    expect(await isFollowing(base, shop)).toBe(false);

    const context = await browser.newContext();
    if (variant.backgroundSync === '0') await context.addInitScript(REMOVE_BACKGROUND_SYNC);
    const page = await openApp(context, base);
    expect(await page.evaluate(() => 'sync' in ServiceWorkerRegistration.prototype && 'SyncManager' in window)).toBe(
      variant.backgroundSync === '1',
    );

    await context.setOffline(true);
    const seq = await lastRequestSeq(control);
    const first = await sendQueuedWrite(page, path, key, variant.backgroundSync);
    expect(first).toEqual({ status: 202, queued: '1', body: { status: 'queued', key } });
    // The outbox sends it again (app start, a kick): the same key is stored once.
    expect((await sendQueuedWrite(page, path, key, variant.backgroundSync)).status).toBe(202);
    expect((await requestsSince(control, seq)).filter((r) => r.url === path)).toHaveLength(0);
    expect(await isFollowing(base, shop)).toBe(false);

    // The app is closed while the network comes back, then opened again.
    await page.close();
    await context.setOffline(false);
    const reopened = await openApp(context, base);
    await expect.poll(() => isFollowing(base, shop), { timeout: 30_000 }).toBe(true);
    // Give a duplicate every chance to show up: still exactly one POST reached the server.
    await reopened.waitForTimeout(3_000);
    const posts = (await requestsSince(control, seq)).filter((r) => r.method === 'POST' && r.url === path);
    expect(posts).toHaveLength(1);
    await context.close();
  });
}

test('an open page is told when the queue delivered a write (SOUK_QUEUE_REPLAYED with key and status)', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const shop = shops[2] as Shop;
  const key = `e2e-swq-msg-${Date.now()}`;
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __soukReplayed: unknown[] }).__soukReplayed = seen;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown } | null;
      if (data && data.type === 'SOUK_QUEUE_REPLAYED') seen.push(data);
    });
  });
  const page = await openApp(context, base);
  await context.setOffline(true);
  expect((await sendQueuedWrite(page, `/api/shops/${shop.id}/follow`, key, '1')).status).toBe(202);
  await context.setOffline(false);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __soukReplayed: unknown[] }).__soukReplayed), { timeout: 30_000 })
    .toContainEqual({ type: 'SOUK_QUEUE_REPLAYED', key, status: 200 });
  expect(await isFollowing(base, shop)).toBe(true);
  await context.close();
});
