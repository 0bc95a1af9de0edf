import { accessSync, constants } from 'node:fs';

/** Where a Chromium is looked for when CHROMIUM_PATH is not set, in order. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Playwright's own --disable-features list (playwright-core 1.65, src/server/chromium/chromiumSwitches.ts).
 * Chromium reads only the last --disable-features it is given and Playwright puts ours after its own, so ours
 * must repeat it; tests/e2e/chromium-flags.e2e.ts checks the launched command line and fails when they drift.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The flags every Chromium we drive gets (browser tests, the install test's own profile, the benchmark).
 *
 * RenderDocument (a new RenderFrameHost for every navigation, on by default in Debian's Chromium 150) loses
 * DevTools' offline emulation in the document a navigation creates: after context.setOffline(true) and a
 * reload, the page and its data worker said navigator.onLine === true, and the worker's pulls sometimes
 * reached the server. Without it the emulation carries over to the new document, as it did before. A
 * navigation that changes process (from about:blank, say) still loses it: bench/offline-start.ts avoids one.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'RenderDocument'].join(',')}`,
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH if set (it must exist), else the
 * first of CHROMIUM_CANDIDATES that is executable. Playwright's own browser download
 * does not work on our machines, so there is no fallback to it.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file.`);
  }
  const found = CHROMIUM_CANDIDATES.find(isExecutable);
  if (found) return found;
  throw new Error(
    `No Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')}). ` +
      'Install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to its executable.',
  );
}
