/**
 * Accounts (docs/ACCOUNTS.md): users, their sessions, address book and phone
 * verification codes; the seller who owns a shop; server secrets (the token
 * signing key when AUTH_SECRET is unset, shared by every instance on this
 * database). Emails are stored trimmed and lowercased, so the unique index is
 * case-insensitive on both SQLite and PostgreSQL. Times are epoch ms.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function accountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('full_name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('full_name_ar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text')
        .addColumn('google_sub', 'text', (c) => c.unique())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('phone', 'text')
        .addColumn('phone_verified_at', 'bigint')
        .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('marketing_emails', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_updates', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('ma'))
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Africa/Casablanca'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('users_role_check', sql`role in ('user', 'seller', 'admin', 'manager')`)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('sessions_kind_check', sql`kind in ('bearer', 'cookie')`)
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

      await addIdColumn(db.schema.createTable('addresses'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('apartment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('addresses_type_check', sql`type in ('shipping', 'billing')`)
        .execute();
      await db.schema.createIndex('addresses_user_id').on('addresses').columns(['user_id', 'type']).execute();

      await addIdColumn(db.schema.createTable('phone_codes'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('code_mac', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('phone_codes_user_id').on('phone_codes').column('user_id').execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('shops')
        .addColumn('owner_user_id', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema.createIndex('shops_owner_user_id').on('shops').column('owner_user_id').unique().execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('shops_owner_user_id').execute();
      await db.schema.alterTable('shops').dropColumn('owner_user_id').execute();
      await db.schema.dropTable('server_secrets').execute();
      await db.schema.dropTable('phone_codes').execute();
      await db.schema.dropTable('addresses').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
