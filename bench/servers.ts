/**
 * The servers the load, checkout and chat benches talk to. Each runs in a child process (bench/instance.ts):
 * the load generator (autocannon, or the chat's 1,000 sockets) keeps this process to itself, as a real client
 * would be elsewhere. PostgreSQL is a throwaway cluster made the way the tests make one (tests/helpers/
 * postgres.ts: initdb from the machine's binaries, run as the postgres user when we are root); when none can be
 * started the PostgreSQL rows are skipped with the reason.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { PostgresUnavailableError, startPostgres, type TestPostgres } from '../tests/helpers/postgres';

export const BENCH_AUTH_SECRET = 'souk-bench-auth-secret-0123456789abcdef';
/** scrypt cost of the demo sellers' passwords (no password is checked on the timed paths). */
export const BENCH_SCRYPT_LOG2N = 10;

export type InstanceSpec =
  /** The real app on `database` (an SQLite file path or a PostgreSQL URL), rate limits off. */
  | { kind: 'souk'; database: string; maxSocketsPerUser?: number }
  /** GET and POST /bare answer {ok: true}. */
  | { kind: 'bare-fastify' }
  /** A bare `ws` server sending every frame it receives to every socket. */
  | { kind: 'bare-ws' }
  /** Round-robin over `targets` (origins). */
  | { kind: 'proxy'; targets: string[] };

export interface RunningInstance {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const ENTRY = join(import.meta.dirname, 'instance.ts');

export async function startInstance(spec: InstanceSpec): Promise<RunningInstance> {
  const child = fork(ENTRY, [JSON.stringify(spec)], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = child.exitCode !== null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    void exit.then(() => reject(new Error(`the bench's ${spec.kind} server exited (${child.exitCode}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    async stop() {
      if (exited) return;
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Souk instances on one database behind a round-robin proxy; `url` is the proxy's. */
export interface InstanceGroup {
  url: string;
  /** The instances' own addresses (the chat bench connects to them directly). */
  instances: string[];
  stop(): Promise<void>;
}

export async function startBehindProxy(database: string, count: number): Promise<InstanceGroup> {
  const started: RunningInstance[] = [];
  try {
    for (let i = 0; i < count; i++) started.push(await startInstance({ kind: 'souk', database }));
    const proxy = await startInstance({ kind: 'proxy', targets: started.map((s) => s.url) });
    started.push(proxy);
    return {
      url: proxy.url,
      instances: started.slice(0, count).map((s) => s.url),
      async stop() {
        for (const s of started.reverse()) await s.stop();
      },
    };
  } catch (error) {
    for (const s of started) await s.stop();
    throw error;
  }
}

/** BENCH_PG_PROFILE=1: the server collects per-statement times (pg_stat_statements), printed after the load. */
export const PG_PROFILE = process.env.BENCH_PG_PROFILE === '1';

/** A throwaway PostgreSQL, or why there is none (SOUK_SKIP_PG=1, no binaries, a failed start). */
export async function startBenchPostgres(): Promise<TestPostgres | { skipped: string }> {
  if (process.env.SOUK_SKIP_PG === '1') return { skipped: 'SOUK_SKIP_PG=1' };
  try {
    return await startPostgres(PG_PROFILE ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : []);
  } catch (error) {
    const reason = error instanceof PostgresUnavailableError ? error.message : `could not start one: ${(error as Error).message.split('\n')[0]}`;
    return { skipped: reason };
  }
}
