/**
 * Document ids are strings on the client (RxDB primary keys) and order in
 * code-unit order there ("10" < "9"). Wherever an id breaks a tie in an order
 * that a client must reproduce (listing sorts, pull checkpoints), the server
 * orders by the id as text: SQLite's BINARY collation and PostgreSQL's "C"
 * collation both compare bytes, which for ASCII digits is code-unit order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database';

/** A text expression compared byte for byte ("C" collation on PostgreSQL; SQLite's BINARY already is). */
function byteOrder(dialect: Dialect, text: RawBuilder<string>): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`(${text} collate "C")` : text;
}

export function idText(dialect: Dialect, column: string): RawBuilder<string> {
  return byteOrder(dialect, sql<string>`cast(${sql.ref(column)} as text)`);
}

/**
 * The document id of a row written by a client with a `client_ref` (orders, community posts, messages): the
 * client ref when there is one, else the row id, as text in byte order.
 */
export function clientDocId(dialect: Dialect, table: 'orders' | 'community_posts' | 'messages' | 'bookings'): RawBuilder<string> {
  return byteOrder(dialect, sql<string>`coalesce(${sql.ref(`${table}.client_ref`)}, cast(${sql.ref(`${table}.id`)} as text))`);
}
