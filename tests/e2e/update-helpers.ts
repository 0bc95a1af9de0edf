/** Shared steps of the service worker update tests. */
import { expect, type Locator, type Page } from '@playwright/test';
import { releaseNewServiceWorker } from './request-log-proxy';

/** Darija label of the update banner's button (locales/ma: update.reload). */
const RELOAD_MA = 'عاود حمّل';

export function reloadButtonOf(page: Page): Locator {
  return page.getByTestId('update-banner').getByRole('button', { name: RELOAD_MA });
}

/** The state of the registration's waiting worker ('installed' while it waits), or null when none waits. */
export function waitingWorkerState(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.waiting?.state ?? null;
  });
}

export function activeWorkerState(page: Page): Promise<string | null> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null);
}

/** A new release on the server; the page checks for updates and the new worker installs and waits. */
export async function installNewRelease(page: Page, controlUrl: string): Promise<void> {
  await releaseNewServiceWorker(controlUrl);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  await expect.poll(() => waitingWorkerState(page), { message: 'the new worker installed and waits' }).toBe('installed');
}
