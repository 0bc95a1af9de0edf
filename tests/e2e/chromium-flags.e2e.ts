/**
 * The command line our Chromium really gets (tests/e2e/chromium.ts): Chromium honours only the last
 * --disable-features, and Playwright passes its own before ours, so ours must name every feature Playwright's
 * does, and RenderDocument (offline emulation lost on navigation otherwise). Read from /proc of the launched
 * browser, so a Playwright upgrade that changes its list fails here instead of silently re-enabling features.
 */
import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium';

test('the last --disable-features Chromium gets keeps all of Playwright’s and adds RenderDocument', async () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  const server = await chromium.launchServer({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const pid = server.process().pid;
    if (pid === undefined) throw new Error('the browser process has no pid');
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const lists = argv.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
    expect(lists.length, 'Playwright’s list and ours').toBeGreaterThanOrEqual(2);
    const last = new Set(lists.at(-1));
    const dropped = lists.slice(0, -1).flat().filter((feature) => feature !== '' && !last.has(feature));
    expect(dropped, 'features an earlier --disable-features names that the last one (the one Chromium reads) drops').toEqual([]);
    expect([...last]).toContain('RenderDocument');
  } finally {
    await server.close();
  }
});
