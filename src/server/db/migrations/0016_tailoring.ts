/**
 * Issue 7, tailoring services (docs/TAILORING.md):
 *
 * - tailors: public profiles (city, location, specialties as JSON text, experience, rating × 10, reviews
 *   count, availability), soft-deletable with an updated_at for the client's cache.
 * - tailor_reviews: a few reviews per tailor (author, rating, text, date).
 * - bookings: a signed-in user's appointment request ('requested') or waitlist entry ('waitlisted'), pulled
 *   by its owner through (user_id, updated_at) like orders; one booking per (user, client_ref), so a queued
 *   booking sent again under a new Idempotency-Key is made once. The 'from' price is kept as it was.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-helpers';

export function tailoringMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('tailors'), dialect)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('specialties_json', 'text', (c) => c.notNull())
        .addColumn('experience_years', 'integer', (c) => c.notNull())
        .addColumn('rating_x10', 'integer', (c) => c.notNull())
        .addColumn('reviews_count', 'integer', (c) => c.notNull())
        .addColumn('availability', 'text', (c) => c.notNull())
        .addColumn('bio', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('tailors_availability_check', sql`availability in ('available', 'busy', 'unavailable')`)
        .execute();
      await db.schema.createIndex('tailors_updated_at_id').on('tailors').columns(['updated_at', 'id']).execute();

      await addIdColumn(db.schema.createTable('tailor_reviews'), dialect)
        .addColumn('tailor_id', 'integer', (c) => c.notNull().references('tailors.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('tailor_reviews_rating_check', sql`rating between 1 and 5`)
        .execute();
      await db.schema.createIndex('tailor_reviews_tailor').on('tailor_reviews').columns(['tailor_id', 'created_at']).execute();

      await addIdColumn(db.schema.createTable('bookings'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tailor_id', 'integer', (c) => c.notNull().references('tailors.id').onDelete('cascade'))
        .addColumn('client_ref', 'text')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('date', 'text')
        .addColumn('time', 'text')
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('price_from_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('bookings_service_check', sql`service in ('custom_suit', 'alterations', 'traditional_wear')`)
        .addCheckConstraint('bookings_status_check', sql`status in ('requested', 'waitlisted')`)
        .addUniqueConstraint('bookings_user_client_ref', ['user_id', 'client_ref'])
        .execute();
      await db.schema.createIndex('bookings_user_updated').on('bookings').columns(['user_id', 'updated_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bookings').execute();
      await db.schema.dropTable('tailor_reviews').execute();
      await db.schema.dropTable('tailors').execute();
    },
  };
}
