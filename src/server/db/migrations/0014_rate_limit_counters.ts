/**
 * Issue 8, several API instances on one database: the request rate limits
 * (auth/rate-limits.ts, @fastify/rate-limit with the store in
 * auth/rate-limit-store.ts) count in the database instead of each instance's
 * memory, so N instances behind one address still give a client one allowance.
 *
 * rate_limit_counters: one row per limit and client key (`register:203.0.113.7`;
 * see repositories/rate-limit-counters.ts), a fixed window: `hits` counted since
 * the window began, `expires_at` (epoch ms) when it ends. The sweep deletes the
 * rows whose window has ended (the expires_at index).
 */
import type { Kysely, Migration } from 'kysely';

export function rateLimitCountersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_expires_at').on('rate_limit_counters').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_counters').execute();
    },
  };
}
