/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temp dir, postgres on
 * a free loopback port, trust auth, one fresh database. As root, the server
 * binaries refuse to run, so they run as the `postgres` user (runuser) in a
 * temp dir that user owns. A small shell (the reaper) holds a pipe from this
 * process and stops the cluster and removes its dir when the pipe closes: on
 * stop(), or when this process ends in any way (a test worker killed with
 * SIGTERM does not run exit handlers), so no cluster outlives its process.
 *
 *   const pg = await startPostgres();      // throws PostgresUnavailableError without initdb
 *   const db = openDatabase(pg.url);
 *   …
 *   await pg.stop();
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** postgresql://souk@127.0.0.1:PORT/souk_test */
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Shuts the server down cleanly and keeps its data, for clusters started as copies of it (StartOptions.copyOf). */
  freeze(): Promise<FrozenPostgres>;
}

export interface FrozenPostgres {
  /** The data directory of a cluster shut down cleanly. */
  dataDir: string;
  /** Deletes it (it goes by itself when this process ends). */
  remove(): Promise<void>;
}

export interface StartOptions {
  /** Start from a copy of this data directory (FrozenPostgres.dataDir) instead of initdb. */
  copyOf?: string;
}

export class PostgresUnavailableError extends Error {}

const SUPERUSER = 'souk';
const DATABASE = 'souk_test';

function which(bin: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  const path = r.stdout.trim();
  return r.status === 0 && path !== '' ? path : null;
}

interface RunAs {
  /** Runs a PostgreSQL binary (as the postgres user when we are root). */
  run(bin: string, args: string[]): void;
  /** The same command line, for a shell. */
  argv(bin: string, args: string[]): string[];
}

function runner(): RunAs & { uid: number | null; gid: number | null } {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    return {
      uid: null,
      gid: null,
      run: (bin, args) => void execFileSync(bin, args, { stdio: 'pipe' }),
      argv: (bin, args) => [bin, ...args],
    };
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return {
    uid,
    gid,
    run: (bin, args) => void execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' }),
    argv: (bin, args) => ['runuser', '-u', 'postgres', '--', bin, ...args],
  };
}

/** serverOptions: more `-c name=value` settings for the server (the load bench's statement profile). */
export async function startPostgres(serverOptions: readonly string[] = [], options: StartOptions = {}): Promise<TestPostgres> {
  const initdb = which('initdb');
  const pgCtl = which('pg_ctl');
  if (initdb === null || pgCtl === null) {
    throw new PostgresUnavailableError(
      'PostgreSQL binaries (initdb, pg_ctl) are not on the PATH: install PostgreSQL to run the PostgreSQL tests, or set SOUK_SKIP_PG=1 to skip them.',
    );
  }
  const as = runner();
  const dir = mkdtempSync(join(tmpdir(), 'souk-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (as.uid !== null && as.gid !== null) {
    chownSync(dir, as.uid, as.gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  try {
    if (options.copyOf === undefined) as.run(initdb, ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    else as.run('cp', ['-a', options.copyOf, dataDir]);
    as.run(pgCtl, [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      [`-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, ...serverOptions.map((o) => `-c ${o}`)].join(' '),
      'start',
    ]);
  } catch (error) {
    let log = '';
    try {
      log = readFileSync(logFile, 'utf8');
    } catch {
      // no log yet
    }
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not start a throwaway PostgreSQL: ${(error as Error).message}\n${stderr}\n${log}`);
  }

  const reaper = startReaper(as.argv(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), dir);
  if (options.copyOf === undefined) {
    const admin = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, database: 'postgres' });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
  }

  let stopped = false;
  return {
    url: `postgresql://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await reaper.reap();
    },
    async freeze() {
      if (stopped) throw new Error('the cluster is stopped');
      stopped = true;
      // A clean shutdown: copies start without recovery. The reaper's stop then finds nothing to stop.
      as.run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      return { dataDir, remove: () => reaper.reap() };
    },
  };
}

/**
 * Starts the reaper: a detached shell that waits for end of file on its stdin, then runs `stopCommand` and
 * removes `dir`. Its stdin is a pipe this process alone holds (Node opens pipes close-on-exec), so the
 * kernel closes it when this process ends, however it ends. Until reap() the reaper keeps nothing alive here
 * (unref); reap() refs it again while it waits, or a process with nothing else to do (the bench, a script)
 * would end inside `await stop()` without an error, and whatever it meant to do next would never happen.
 */
function startReaper(stopCommand: string[], dir: string): { reap(): Promise<void> } {
  const script = 'read -r _; "$@" >/dev/null 2>&1; rm -rf "$REAP_DIR"';
  const child = spawn('sh', ['-c', script, 'souk-pg-reaper', ...stopCommand], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, REAP_DIR: dir },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.unref();
  (child.stdin as unknown as { unref(): void }).unref();
  return {
    async reap() {
      child.ref();
      child.stdin.end();
      await exited;
    },
  };
}
