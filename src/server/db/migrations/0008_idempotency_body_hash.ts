/**
 * Idempotent writes compare the request body on a repeat (docs/REVIEWS-FOLLOWS.md,
 * "Idempotent writes"): idempotency_keys.body_hash holds the SHA-256 (hex) of the
 * canonical body of the request that claimed the key (plugins/idempotency.ts).
 * Nullable: rows written before this migration, and multipart requests (whose
 * body is streamed to the handler and never hashed), carry no hash and are not
 * compared.
 */
import type { Kysely, Migration } from 'kysely';

export function idempotencyBodyHashMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').addColumn('body_hash', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('idempotency_keys').dropColumn('body_hash').execute();
    },
  };
}
