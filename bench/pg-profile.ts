/**
 * BENCH_PG_PROFILE=1 (bench/servers.ts): where PostgreSQL spent its time under the load, from
 * pg_stat_statements — the statements with the most total execution time, with calls and mean time.
 * A profile, not a guess, for the load section's PostgreSQL rows.
 */
import { sql } from 'kysely';
import type { Database } from '../src/server/db/database';

interface StatementRow {
  calls: string | number;
  total_ms: string | number;
  mean_ms: string | number;
  query: string;
}

export async function resetStatementStats(db: Database): Promise<void> {
  await sql`create extension if not exists pg_stat_statements`.execute(db.kysely);
  await sql`select pg_stat_statements_reset()`.execute(db.kysely);
}

export async function topStatements(db: Database, limit = 10): Promise<string[]> {
  const rows = await sql<StatementRow>`
    select calls, round(total_exec_time::numeric, 1) as total_ms, round(mean_exec_time::numeric, 2) as mean_ms, query
    from pg_stat_statements order by total_exec_time desc limit ${limit}`.execute(db.kysely);
  return rows.rows.map(
    (r) => `  ${String(r.total_ms).padStart(10)} ms total, ${String(r.calls).padStart(7)} calls, ${String(r.mean_ms).padStart(8)} ms mean: ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`,
  );
}
