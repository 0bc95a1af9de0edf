/** Column shapes that differ between SQLite and PostgreSQL, so migrations stay portable. */
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** Integer primary key that the database assigns when absent (explicit ids are allowed too). */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
  );
}
