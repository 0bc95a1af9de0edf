/**
 * Installing Souk in Chromium: the built app is installable (CDP Page.getInstallabilityErrors reports nothing,
 * the manifest parses with its screenshots and shortcuts), and the smart install banner follows the install
 * prompt machine: a synthetic `beforeinstallprompt` shows nothing below the score threshold, shows the banner
 * after enough engagement (a page and three product views: 5 + 3 × 15 = 50) without taking focus; Not now hides
 * it and stores the dismissal; Install calls the prompt and an accepted answer shows 'Souk is installed'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { env, fetchAllProducts, waitForServiceWorkerControl } from './helpers';

/** Darija texts (locales/ma translation.json: install.*). */
const MA = { title: 'ثبّت سوق', install: 'ثبّت', notNow: 'ماشي دابا', installed: 'سوق تثبّت' };
const STORAGE_KEY = 'souk.install';

interface Stored {
  score: number;
  dismissals: number[];
  installedAt: number | null;
}

/** Dispatches a fake BeforeInstallPromptEvent whose prompt() counts calls and whose userChoice is `outcome`. */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<void> {
  return page.evaluate((outcome) => {
    const w = window as Window & { promptCalls?: number };
    w.promptCalls = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.promptCalls = (w.promptCalls ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

function stored(page: Page): Promise<Stored | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Stored) : null;
  }, STORAGE_KEY);
}

async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(`${env('SOUK_E2E_URL')}${path}`);
  await expect(page.getByTestId('install-banner')).toBeAttached();
}

test('the built app is installable in Chromium', async () => {
  // A persistent profile: Chromium never offers installation in an incognito context (browser.newContext()).
  const profile = mkdtempSync(path.join(tmpdir(), 'souk-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${env('SOUK_E2E_URL')}/`);
  await waitForServiceWorkerControl(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as {
    screenshots?: { src: string; form_factor?: string; sizes?: string }[];
    shortcuts?: { url: string }[];
  };
  expect(parsed.screenshots?.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of parsed.screenshots ?? []) {
    const res = await page.request.get(new URL(shot.src, page.url()).href);
    expect(res.status(), shot.src).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
  }
  // Each shortcut opens the listing (not the not-found page).
  expect(parsed.shortcuts?.length).toBe(2);
  for (const shortcut of parsed.shortcuts ?? []) {
    const res = await page.goto(new URL(shortcut.url, page.url()).href);
    expect(res?.ok(), shortcut.url).toBe(true);
    await expect(page.locator('#listing-heading'), shortcut.url).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('the banner shows after enough engagement; Not now hides it and stores the dismissal', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const productIds = [...(await fetchAllProducts(base)).keys()].slice(0, 3);
  expect(productIds).toHaveLength(3);
  const context = await browser.newContext();
  const page = await context.newPage();
  const banner = page.getByRole('region', { name: MA.title });

  // One page view: 5 points, below the threshold of 50.
  await openApp(page, '/');
  await offerInstall(page, 'accepted');
  await expect.poll(async () => (await stored(page))?.score).toBe(5);
  await expect(banner).toBeHidden();

  // Three product views: 50.
  for (const id of productIds) await openApp(page, `/products/${encodeURIComponent(id)}`);
  await expect.poll(async () => (await stored(page))?.score).toBe(50);
  const focusedBefore = await page.evaluate(() => document.activeElement?.tagName ?? null);
  await offerInstall(page, 'accepted');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: MA.title })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.tagName ?? null), 'the banner does not take focus').toBe(focusedBefore);

  // Keyboard: Not now is a real button, reached and pressed from the keyboard.
  const notNow = banner.getByRole('button', { name: MA.notNow });
  await expect(banner.getByRole('button', { name: MA.install })).toBeVisible();
  await notNow.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  const after = await stored(page);
  expect(after?.dismissals).toHaveLength(1);
  expect(await page.evaluate(() => (window as Window & { promptCalls?: number }).promptCalls)).toBe(0);

  // Next visit: the threshold is now 60 and the wait 7 days: a new offer shows nothing.
  await openApp(page, '/');
  await offerInstall(page, 'accepted');
  await expect.poll(async () => (await stored(page))?.score).toBe(55);
  await expect(banner).toBeHidden();
  await context.close();
});

test('Install calls the prompt, and an accepted answer says Souk is installed', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STORAGE_KEY, JSON.stringify({ score: 100, dismissals: [], installedAt: null })] as const,
  );
  const page = await context.newPage();
  await openApp(page, '/');
  await offerInstall(page, 'accepted');
  const banner = page.getByRole('region', { name: MA.title });
  await banner.getByRole('button', { name: MA.install }).click();
  await expect(page.getByRole('region', { name: MA.installed })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { promptCalls?: number }).promptCalls)).toBe(1);
  expect((await stored(page))?.installedAt).toEqual(expect.any(Number));
  await context.close();
});
