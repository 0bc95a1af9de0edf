/**
 * Products-only Souk databases on a given storage for replication tests, each removed after its test.
 * Call at a test file's top level (it registers the afterEach).
 */
import type { RxStorage } from 'rxdb';
import { afterEach } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../../src/db/database';

export function productsDatabases() {
  const open: SoukDatabase[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.remove();
  });
  return {
    async open(storage: RxStorage<unknown, unknown>, name: string): Promise<SoukDatabase> {
      const db = await createSoukDatabase({ name, storage, only: ['products'] });
      open.push(db);
      return db;
    },
    /** Closes `db` (its data stays, for a reopen) and leaves it out of the cleanup. */
    async close(db: SoukDatabase): Promise<void> {
      await db.close();
      open.splice(open.indexOf(db), 1);
    },
  };
}
