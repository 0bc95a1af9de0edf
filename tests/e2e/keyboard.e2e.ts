/**
 * Keyboard use and focus (issue 7): the listing's mobile filter drawer and the quick view dialog, opened from the
 * keyboard, keep focus inside while Tab and Shift+Tab go round, close with Escape or their close button and hand
 * focus back to the button that opened them (and have no serious axe violation while open); the skip link and the
 * first Tab stops of the home page show a visible focus indicator, in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };
import { expectNoBlockingViolations, openAs } from './a11y-helpers';
import { waitForLiveSync } from './helpers';

/** Whether the focused element is inside the dialog. */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/** Tabs forwards past every stop of the dialog and back again; focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  expect(await focusInside(dialog), 'opening the dialog moves focus into it').toBe(true);
  const stops = await dialog.evaluate(
    (el) =>
      [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter(
        (e) => e.offsetParent !== null,
      ).length,
  );
  expect(stops).toBeGreaterThan(1);
  const seen = new Set<string>();
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab #${i + 1} stays in the dialog`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ''));
  }
  expect(seen.size, 'Tab went round the dialog, not stuck on one element').toBeGreaterThan(1);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `Shift+Tab #${i + 1} stays in the dialog`).toBe(true);
  }
}

test('the mobile filter drawer traps focus, closes with Escape and gives focus back to its opener', async ({ browser }) => {
  const { context, page } = await openAs(browser, '/products', 'en', 'light', { width: 390, height: 844 });
  await waitForLiveSync(page);
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  const opener = page.getByRole('button', { name: en.listing.filters, exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: en.listing.filters });
  await expect(drawer).toBeVisible();
  await expectFocusTrapped(page, drawer);
  await expectNoBlockingViolations(page, 'open filter drawer');

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  await context.close();
});

test('the quick view dialog traps focus, closes with its close button and gives focus back to its opener', async ({ browser }) => {
  const { context, page } = await openAs(browser, '/products', 'en', 'light');
  await waitForLiveSync(page);

  const opener = page.getByTestId('quick-view-button').first();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('quick-view');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await expectNoBlockingViolations(page, 'open quick view');

  const close = dialog.getByRole('button', { name: en.quickView.close });
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Escape closes it too, with the same hand-back.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await context.close();
});

/**
 * What makes the focused element stand out: its own outline or box shadow, or else a wrapper's (up to three
 * levels up) that changes when the element loses focus (a :focus-within ring, as the search field's).
 */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return { element: 'body', visible: false, style: '' };
    const ring = (node: Element) => {
      const css = getComputedStyle(node);
      const outline = css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0 ? `${css.outlineStyle} ${css.outlineWidth} ${css.outlineColor}` : '';
      const shadow = css.boxShadow === 'none' ? '' : css.boxShadow;
      return `${outline}|${shadow}`;
    };
    const element = `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`;
    const own = ring(el);
    if (own !== '|') return { element, visible: true, style: own };
    const wrappers = [el.parentElement, el.parentElement?.parentElement, el.parentElement?.parentElement?.parentElement].filter(
      (n): n is HTMLElement => n instanceof HTMLElement,
    );
    const focused = wrappers.map(ring);
    el.blur();
    const blurred = wrappers.map(ring);
    el.focus();
    const changed = focused.findIndex((r, i) => r !== blurred[i] && r !== '|');
    return { element, visible: changed >= 0, style: changed >= 0 ? `wrapper: ${focused[changed]}` : 'none' };
  });
}

for (const [lang, theme] of [['en', 'light'], ['ma', 'dark']] as const) {
  test(`focus is visible on the first Tab stops of the home page (${lang}, ${theme})`, async ({ browser }) => {
    const { context, page } = await openAs(browser, '/', lang, theme);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    const stops = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const focus = await focusIndicator(page);
      expect(focus.element, `Tab #${i + 1} reaches an element`).not.toBe('body');
      expect(focus.visible, `Tab #${i + 1} on ${focus.element} shows focus (${focus.style})`).toBe(true);
      stops.add(focus.element);
    }
    expect(stops.size).toBeGreaterThan(5);
    await context.close();
  });
}
