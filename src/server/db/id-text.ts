/**
 * Document ids are strings on the client (RxDB primary keys) and order in
 * code-unit order there ("10" < "9"). Wherever an id breaks a tie in an order
 * that a client must reproduce (listing sorts, pull checkpoints), the server
 * orders by the id as text: SQLite's BINARY collation and PostgreSQL's "C"
 * collation both compare bytes, which for ASCII digits is code-unit order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './database';

export function idText(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`(cast(${sql.ref(column)} as text) collate "C")`
    : sql<string>`cast(${sql.ref(column)} as text)`;
}
