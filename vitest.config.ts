import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Node tests: unit (src/domain, src/machines), integration (real server on loopback, real SQLite file),
// and src/db + src/sync against fake-indexeddb. Browser tests live in tests/e2e (Playwright).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
