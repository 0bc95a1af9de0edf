import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/e2e/chromium';

// Browser tests run in a real Chromium: Debian's /usr/bin/chromium by default, or CHROMIUM_PATH.
// globalSetup builds the PWA once and starts the real server on a free loopback port with a fresh SQLite file.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
});
