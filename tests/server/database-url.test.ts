/**
 * DATABASE_URL (src/server/db/database-url.ts): unset, the three sqlite: spellings, postgres:// and
 * postgresql:// are read as what they name; any other scheme, and sqlite: forms naming no file or a host, are
 * refused with a message naming DATABASE_URL and the accepted forms. `sqlite:/abs` opens that file and nothing
 * in the working directory (it used to be the relative path `./sqlite:/abs`); npm start stops on a bad value.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { DatabaseUrlError, DEFAULT_SQLITE_FILE, parseDatabaseUrl } from '../../src/server/db/database-url';

const ROOT = resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'souk-dburl-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Each accepted form, as the refusal must list them. */
const FORMS = ['unset', 'sqlite:/absolute/file.sqlite', 'sqlite:///absolute/file.sqlite', 'sqlite:relative/file.sqlite', 'postgres://', 'postgresql://'];

describe('parseDatabaseUrl', () => {
  it('unset or empty: the default SQLite file', () => {
    expect(DEFAULT_SQLITE_FILE).toBe('./data/souk.sqlite');
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', file: './data/souk.sqlite' });
    expect(parseDatabaseUrl('')).toEqual({ dialect: 'sqlite', file: './data/souk.sqlite' });
  });

  it('reads sqlite:/abs, sqlite:///abs and sqlite:relative as their paths (the scheme in any case)', () => {
    expect(parseDatabaseUrl('sqlite:/tmp/x.db')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' });
    expect(parseDatabaseUrl('sqlite:///tmp/x.db')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' });
    expect(parseDatabaseUrl('sqlite:data/x.db')).toEqual({ dialect: 'sqlite', file: 'data/x.db' });
    expect(parseDatabaseUrl('sqlite:./data/x.db')).toEqual({ dialect: 'sqlite', file: './data/x.db' });
    expect(parseDatabaseUrl('sqlite:x.db')).toEqual({ dialect: 'sqlite', file: 'x.db' });
    expect(parseDatabaseUrl('SQLite:/tmp/x.db')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' });
  });

  it('reads postgres:// and postgresql:// as PostgreSQL, the URL unchanged', () => {
    for (const url of ['postgres://souk:pw@db.internal:5432/souk', 'postgresql://souk@127.0.0.1/souk', 'POSTGRES://h/db']) {
      expect(parseDatabaseUrl(url), url).toEqual({ dialect: 'postgres', url });
    }
  });

  it('reads a value without a scheme as a file path (what code and tests pass to openDatabase)', () => {
    for (const file of ['/var/lib/souk/souk.sqlite', 'data/other.sqlite', './x.sqlite', ':memory:', 'C:\\souk\\souk.sqlite']) {
      expect(parseDatabaseUrl(file), file).toEqual({ dialect: 'sqlite', file });
    }
  });

  it('refuses any other scheme, and sqlite: without a file or with a host, naming DATABASE_URL and the accepted forms', () => {
    for (const bad of [
      'mysql://souk:s3cret@db/souk',
      'file:/tmp/x.db',
      'file:///tmp/x.db',
      'https://db.example.test/souk',
      'sqlite3:/tmp/x.db',
      'sqlite:',
      'sqlite://',
      'sqlite://data/x.db',
      'postgres:/db.internal/souk',
      'postgresql:souk',
    ]) {
      let error: unknown = null;
      try {
        parseDatabaseUrl(bad);
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(DatabaseUrlError);
      const message = (error as Error).message;
      expect(message, bad).toMatch(/^DATABASE_URL: /);
      for (const form of FORMS) expect(message, `${bad}: ${form}`).toContain(form);
      // Only the scheme is repeated: the rest may hold a password.
      expect(message, bad).not.toContain('s3cret');
    }
    expect(() => parseDatabaseUrl('mysql://h/db')).toThrow("the scheme 'mysql:' is not one this server reads");
    expect(() => parseDatabaseUrl('sqlite://data/x.db')).toThrow('names a host');
    expect(() => parseDatabaseUrl('sqlite:')).toThrow('names no file');
  });
});

describe('openDatabase with a sqlite: URL', () => {
  it('opens the file sqlite:/abs names, and makes nothing in the working directory', async () => {
    const file = join(tempDir(), 'nested', 'one-slash.sqlite');
    const strayBefore = existsSync(join(process.cwd(), 'sqlite:'));
    const db = openDatabase(`sqlite:${file}`);
    try {
      expect(db.dialect).toBe('sqlite');
      expect(db.location).toBe(file);
      await sql`create table probe (x integer)`.execute(db.kysely);
    } finally {
      await db.close();
    }
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(process.cwd(), 'sqlite:'))).toBe(strayBefore);
  });

  it('opens the file sqlite:///abs names', async () => {
    const file = join(tempDir(), 'three-slashes.sqlite');
    const db = openDatabase(`sqlite://${file}`);
    try {
      expect(db.location).toBe(file);
      await sql`create table probe (x integer)`.execute(db.kysely);
    } finally {
      await db.close();
    }
    expect(existsSync(file)).toBe(true);
  });

  it('refuses another scheme before touching the disk', () => {
    const file = join(tempDir(), 'never.sqlite');
    const strayBefore = existsSync(join(process.cwd(), 'file:'));
    expect(() => openDatabase(`file:${file}`)).toThrow(DatabaseUrlError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(process.cwd(), 'file:'))).toBe(strayBefore);
  });
});

describe('npm start with a DATABASE_URL it cannot read', () => {
  it('stops with exit code 2 and a message naming DATABASE_URL and the accepted forms, creating nothing', () => {
    const cwd = tempDir();
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'src', 'server', 'start.ts')], {
      cwd,
      env: { ...process.env, DATABASE_URL: 'mysql://souk:s3cret@db/souk', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toContain("DATABASE_URL: the scheme 'mysql:' is not one this server reads");
    for (const form of FORMS) expect(run.stderr).toContain(form);
    expect(run.stderr).not.toContain('s3cret');
    expect(readdirSync(cwd)).toEqual([]);
  });
});
