/**
 * Serialises the writes of one user's own rows (address book, phone code):
 * a write transaction (SQLite: BEGIN IMMEDIATE, the single write lock) that on
 * PostgreSQL also locks the user's row, so two concurrent requests of the same
 * user cannot both pass a check (20 addresses, one default per type, one code
 * a minute) that only holds when they run one after the other.
 */
import type { Database } from '../db/database';
import { writeTransaction, type Tx } from '../db/write-transaction';

export async function withUserLock<T>(db: Database, userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return writeTransaction(db, [], async (tx) => {
    if (db.dialect === 'postgres') {
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    return fn(tx);
  });
}
