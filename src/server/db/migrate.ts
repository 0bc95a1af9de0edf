/** Versioned migrations, provided in code (no file scanning), run on start. */
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database, Dialect } from './database';
import { catalogMigration } from './migrations/0001_catalog';
import { listingIndexesMigration } from './migrations/0002_listing_indexes';
import { deletedProductsMigration } from './migrations/0003_deleted_products';
import { shopSearchNameMigration } from './migrations/0004_shop_search_name';
import { accountsMigration } from './migrations/0005_accounts';
import { sessionHardeningMigration } from './migrations/0006_session_hardening';
import { reviewsFollowsMigration } from './migrations/0007_reviews_follows';
import { idempotencyBodyHashMigration } from './migrations/0008_idempotency_body_hash';
import { cartsWishlistMigration } from './migrations/0009_carts_wishlist';
import { ordersMigration } from './migrations/0010_orders';
import { communityMigration } from './migrations/0011_community';
import { messagesMigration } from './migrations/0012_messages';
import { pushMigration } from './migrations/0013_push';
import { rateLimitCountersMigration } from './migrations/0014_rate_limit_counters';
import { contactNewsletterMigration } from './migrations/0015_contact_newsletter';
import { tailoringMigration } from './migrations/0016_tailoring';
import { searchTrigramsMigration } from './migrations/0017_search_trigrams';
import { orderShippingMethodMigration } from './migrations/0018_order_shipping_method';
import { catalogTextsMigration } from './migrations/0019_catalog_texts';
import { sellerSideMigration } from './migrations/0020_seller_side';
import { productImagesMigration } from './migrations/0021_product_images';
import { ledgerMigration } from './migrations/0022_ledger';
import { operatorMigration } from './migrations/0023_operator';
import { operatorMoneyMigration } from './migrations/0024_operator_money';
import { sellerAlertsMigration } from './migrations/0025_seller_alerts';

/**
 * Names sort in the order they run; never rename or edit a released migration, add a new one. `handle`: the
 * database they run on, for the few that need more than Kysely (0020 edits SQLite's schema on the raw connection).
 */
export function migrations(dialect: Dialect, handle?: Database): Record<string, Migration> {
  return {
    '0001_catalog': catalogMigration(dialect),
    '0002_listing_indexes': listingIndexesMigration(),
    '0003_deleted_products': deletedProductsMigration(),
    '0004_shop_search_name': shopSearchNameMigration(),
    '0005_accounts': accountsMigration(dialect),
    '0006_session_hardening': sessionHardeningMigration(),
    '0007_reviews_follows': reviewsFollowsMigration(dialect),
    '0008_idempotency_body_hash': idempotencyBodyHashMigration(),
    '0009_carts_wishlist': cartsWishlistMigration(dialect),
    '0010_orders': ordersMigration(dialect),
    '0011_community': communityMigration(dialect),
    '0012_messages': messagesMigration(dialect),
    '0013_push': pushMigration(dialect),
    '0014_rate_limit_counters': rateLimitCountersMigration(),
    '0015_contact_newsletter': contactNewsletterMigration(dialect),
    '0016_tailoring': tailoringMigration(dialect),
    '0017_search_trigrams': searchTrigramsMigration(dialect),
    '0018_order_shipping_method': orderShippingMethodMigration(),
    '0019_catalog_texts': catalogTextsMigration(dialect),
    '0020_seller_side': sellerSideMigration(dialect, handle),
    '0021_product_images': productImagesMigration(dialect),
    '0022_ledger': ledgerMigration(dialect),
    '0023_operator': operatorMigration(dialect),
    '0024_operator_money': operatorMoneyMigration(dialect, handle),
    '0025_seller_alerts': sellerAlertsMigration(dialect),
  };
}

function provider(db: Database): MigrationProvider {
  return { getMigrations: async () => migrations(db.dialect, db) };
}

export function createMigrator(db: Database): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: provider(db),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
}

export class MigrationFailedError extends Error {
  readonly code = 'MIGRATION_FAILED';
  constructor(
    readonly migrationName: string | undefined,
    cause: unknown,
  ) {
    super(`Migration ${migrationName ?? '(unknown)'} failed`, { cause });
  }
}

/** Brings the schema to the latest version; returns the names of the migrations that ran. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName, result.error);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
