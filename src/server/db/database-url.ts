/**
 * DATABASE_URL (README "Configuration"): which database the server opens. Unset is the SQLite file
 * ./data/souk.sqlite; `sqlite:/abs/file`, `sqlite:///abs/file` and `sqlite:relative/file` are SQLite files;
 * `postgres://…` and `postgresql://…` are PostgreSQL. Any other scheme is refused with the accepted forms, and so
 * are the sqlite forms that name no file or a host: a value taken for a path it is not would open an empty
 * database somewhere unexpected, without a word. A value without a scheme is a file path (what tests pass to
 * openDatabase; a one-letter drive such as `C:` is a path too).
 */
export const DEFAULT_SQLITE_FILE = './data/souk.sqlite';

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/** The forms DATABASE_URL accepts, as a refusal lists them. */
export const DATABASE_URL_FORMS = `unset (the SQLite file ${DEFAULT_SQLITE_FILE}), sqlite:/absolute/file.sqlite, sqlite:///absolute/file.sqlite, sqlite:relative/file.sqlite, postgres://user:pass@host/db or postgresql://user:pass@host/db`;

export class DatabaseUrlError extends Error {
  readonly code = 'BAD_DATABASE_URL';
}

/** Two characters at least, so that a Windows drive (`C:\…`) reads as a path. */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

type Reading = { target: DatabaseTarget } | { problem: string };

function read(value: string | undefined): Reading {
  if (value === undefined || value === '') return { target: { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE } };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return { target: { dialect: 'sqlite', file: value } };
  const rest = value.slice(scheme.length + 1);
  if (scheme === 'postgres' || scheme === 'postgresql') {
    return rest.startsWith('//') ? { target: { dialect: 'postgres', url: value } } : { problem: `${scheme}: needs //host after it` };
  }
  if (scheme !== 'sqlite') {
    // The scheme only: the rest may hold a password.
    return { problem: `the scheme '${scheme}:' is not one this server reads` };
  }
  // sqlite:///abs → /abs; in sqlite://name/… "name" would be a host, which a file has not.
  if (rest === '' || rest === '//') return { problem: 'sqlite: names no file' };
  if (rest.startsWith('//') && !rest.startsWith('///')) return { problem: 'sqlite://name/… names a host, not a file' };
  return { target: { dialect: 'sqlite', file: rest.startsWith('///') ? rest.slice(2) : rest } };
}

/** Why DATABASE_URL cannot be read, listing the accepted forms; null when it can. */
export function databaseUrlProblem(value: string | undefined): string | null {
  const reading = read(value);
  return 'problem' in reading ? `${reading.problem}; use ${DATABASE_URL_FORMS}` : null;
}

/** The database DATABASE_URL (or a file path) names; a DatabaseUrlError naming DATABASE_URL when it names none. */
export function parseDatabaseUrl(value: string | undefined): DatabaseTarget {
  const reading = read(value);
  if ('problem' in reading) throw new DatabaseUrlError(`DATABASE_URL: ${reading.problem}; use ${DATABASE_URL_FORMS}`);
  return reading.target;
}
