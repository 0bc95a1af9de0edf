import { accessSync, constants } from 'node:fs';

/** Where a Chromium is looked for when CHROMIUM_PATH is not set, in order. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

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
