/**
 * Password hashing (docs/ACCOUNTS.md): scrypt from node:crypto, stored as
 * `scrypt$<log2N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can rise
 * later without invalidating old hashes. Verification always does one scrypt
 * run of the default cost, even for a missing or unreadable hash, so the time a
 * login takes does not tell whether the account exists or has a password.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_LOG2N = 15;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Accepted cost range when reading a stored hash (tests hash at 2^10; more than 2^20 would be a DoS). */
const MIN_LOG2N = 4;
const MAX_LOG2N = 20;

export interface HashOptions {
  /** scrypt cost as log2(N); default 15. Tests lower it for speed. */
  log2N?: number;
}

function derive(plain: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // Node refuses 128 * N * r > maxmem; allow what the parameters need plus headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, HASH_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string, opts: HashOptions = {}): Promise<string> {
  const log2N = opts.log2N ?? SCRYPT_LOG2N;
  if (!Number.isInteger(log2N) || log2N < MIN_LOG2N || log2N > MAX_LOG2N) throw new RangeError(`log2N must be ${MIN_LOG2N}..${MAX_LOG2N}`);
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(plain, salt, log2N, SCRYPT_R, SCRYPT_P);
  return ['scrypt', log2N, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (!/^\d{1,2}$/.test(n) || !/^\d{1,2}$/.test(r) || !/^\d{1,2}$/.test(p)) return null;
  const log2N = Number(n);
  if (log2N < MIN_LOG2N || log2N > MAX_LOG2N || Number(r) < 1 || Number(r) > 16 || Number(p) < 1 || Number(p) > 4) return null;
  if (!B64URL.test(salt) || !B64URL.test(hash)) return null;
  const hashBytes = Buffer.from(hash, 'base64url');
  if (hashBytes.length !== HASH_BYTES) return null;
  return { log2N, r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64url'), hash: hashBytes };
}

/** A fixed hash nobody's password matches, computed once: the unknown-email path verifies against it. */
let dummy: Promise<ParsedHash> | null = null;
function dummyHash(): Promise<ParsedHash> {
  dummy ??= (async () => {
    const salt = Buffer.alloc(SALT_BYTES, 7);
    const hash = await derive('souk-dummy-password', salt, SCRYPT_LOG2N, SCRYPT_R, SCRYPT_P);
    return { log2N: SCRYPT_LOG2N, r: SCRYPT_R, p: SCRYPT_P, salt, hash };
  })();
  return dummy;
}

async function matches(plain: string, h: ParsedHash): Promise<boolean> {
  const candidate = await derive(plain, h.salt, h.log2N, h.r, h.p);
  return timingSafeEqual(candidate, h.hash);
}

/** true when `plain` is the password of `stored`; null or garbage → false, after the same work as a real check. */
export async function verifyPassword(plain: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parse(stored);
  if (parsed === null) {
    await matches(plain, await dummyHash());
    return false;
  }
  return matches(plain, parsed);
}
