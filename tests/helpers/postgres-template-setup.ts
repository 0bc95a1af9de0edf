/**
 * Global setup of the Vitest project "server-postgres": one PostgreSQL cluster for the whole run, its database
 * souk_test migrated, shut down cleanly and kept. Each worker process starts its own cluster as a copy of that
 * data directory (tests/helpers/test-database.ts), so no worker runs initdb or the migrations again.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { startPostgres } from './postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  try {
    const db = openDatabase(server.url, { poolSize: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const frozen = await server.freeze();
  project.provide('soukPgTemplateDir', frozen.dataDir);
  return () => frozen.remove();
}
