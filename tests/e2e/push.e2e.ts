/**
 * Push in Chromium against the built PWA (docs/COMMUNITY.md "Push"): the settings page's "Enable
 * notifications" on a server without Firebase says push is not configured (the spec §8 text); a push
 * delivered to our service worker through the DevTools protocol (ServiceWorker.deliverPushMessage, with the
 * notifications permission granted) shows its notification (read back with registration.getNotifications()
 * in the worker), and a click on it (the notificationclick event dispatched in the worker: no browser UI to
 * click headless) takes the open tab to its data.url (/community/messages/{sender_id}, with ?as=shop kept for the
 * seller's side), under the tab's language prefix.
 */
import { expect, test, type Worker } from '@playwright/test';
import account from '../../src/app/i18n/locales/en/account.json' with { type: 'json' };
import { expectSignedInHeader, fillLoginForm, registerByApi, uniqueUser } from './auth-helpers';
import { env, waitForServiceWorkerControl } from './helpers';

const user = uniqueUser('push');

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: Record<string, string>;
}

test('a push shows a notification and its click opens the sender’s conversation', async ({ browser }) => {
  const base = env('SOUK_E2E_URL');
  const origin = new URL(base).origin;
  await registerByApi(base, user);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/en/login`);
  await fillLoginForm(page, user);
  await expectSignedInHeader(page, user);

  await page.goto(`${base}/en/settings`);
  await waitForServiceWorkerControl(page);

  // No FIREBASE_WEB_CONFIG on the e2e server: the setup stops at the server's config, with its text.
  await page.getByTestId('push-enable').click();
  await expect(page.getByTestId('push-result')).toHaveAttribute('data-code', 'not-configured');
  await expect(page.getByTestId('push-result')).toHaveText(account.push.errors['not-configured']);

  await context.grantPermissions(['notifications'], { origin });
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.registrationId, r.scopeURL);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => [...registrations.values()].some((scope) => scope.startsWith(origin))).toBe(true);
  const registrationId = [...registrations].find(([, scope]) => scope.startsWith(origin))?.[0] ?? '';

  const sw: Worker = context.serviceWorkers().find((w) => w.url().startsWith(origin)) ?? (await context.waitForEvent('serviceworker'));
  const payload = {
    from: '123456789012',
    notification: { title: 'Atelier Fès', body: 'Your kaftan is ready for a fitting.' },
    data: { sender_id: '42', url: '/community/messages/42' },
  };
  const deliver = () => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

  const shown = (): Promise<Shown[]> =>
    sw.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const list = await scope.registration.getNotifications();
      return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as Record<string, string> }));
    });
  // The DevTools protocol's delivery stands in for the push service, which delivers again what was not received; a
  // full run once saw one delivery shown nowhere. Up to three deliveries: the same tag, so one notification at most.
  for (let attempt = 1; attempt <= 3; attempt++) {
    await deliver();
    const arrived = await expect
      .poll(async () => (await shown()).length, { timeout: 5_000 })
      .toBe(1)
      .then(
        () => true,
        () => false,
      );
    if (arrived) break;
  }
  await expect.poll(async () => (await shown()).length, { timeout: 5_000 }).toBe(1);
  expect((await shown())[0]).toEqual({
    title: 'Atelier Fès',
    body: 'Your kaftan is ready for a fitting.',
    tag: 'messages-42',
    data: { sender_id: '42', url: '/community/messages/42' },
  });

  // The click: the worker's own notificationclick handler, on the notification it showed.
  const clickShown = () =>
    sw.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
  await clickShown();
  await expect(page).toHaveURL(`${base}/en/community/messages/42`);
  // The conversation page for that sender: the buyer's side with shop 42.
  await expect(page.getByTestId('thread-page')).toHaveAttribute('data-sender-id', '42');
  // The click closed it.
  await expect.poll(async () => (await shown()).length).toBe(0);

  // A buyer's message to a seller: its url names the shop's side (?as=shop), which the click keeps as given.
  const toShop = { notification: { title: 'Amina', body: 'Is it in blue?' }, data: { sender_id: '43', url: '/community/messages/43?as=shop' } };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(toShop) });
  await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(1);
  expect((await shown())[0]).toMatchObject({ tag: 'messages-43-shop', data: toShop.data });
  await clickShown();
  await expect(page).toHaveURL(`${base}/en/community/messages/43?as=shop`);
  await expect(page.getByTestId('thread-page')).toHaveAttribute('data-sender-id', '43');

  await context.close();
});
