import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// Node tests: unit (src/domain, src/machines), integration (real server on loopback, real SQLite file),
// and src/db + src/sync against fake-indexeddb. Browser tests live in tests/e2e (Playwright).
// Project "default" runs them all as they are; project "server-postgres" runs tests/server a second time with
// SOUK_TEST_DB=postgres: every database the test helpers make is then a PostgreSQL one, in a throwaway cluster
// per worker process (tests/helpers/test-database.ts). SOUK_SKIP_PG=1 leaves it out. The *postgres* files are
// PostgreSQL's already and run in "default" only. One project: `npx vitest run --project server-postgres …`.
const EXCLUDE = ['tests/e2e/**', 'node_modules/**'];

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'default', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: EXCLUDE } },
];
if (process.env.SOUK_SKIP_PG !== '1') {
  projects.push({
    extends: true,
    test: {
      name: 'server-postgres',
      include: ['tests/server/**/*.test.ts'],
      exclude: [...EXCLUDE, 'tests/server/**/*postgres*.test.ts'],
      env: { SOUK_TEST_DB: 'postgres' },
      globalSetup: ['tests/helpers/postgres-template-setup.ts'],
    },
  });
}

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects,
  },
});
