/**
 * Session tokens (docs/ACCOUNTS.md):
 * `base64url(JSON {v:1, sid, uid, iat, exp}) + "." + base64url(HMAC-SHA256(secret, first part))`,
 * times in epoch ms. Signing lets a request be turned away without a database
 * read; the session row named by `sid` is what keeps the token alive (deleting
 * it revokes the token), checked by the auth plugin.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  v: 1;
  /** Session id (sessions.id). */
  sid: string;
  uid: number;
  iat: number;
  exp: number;
}

/** Tokens longer than this are not ours (a few hundred bytes in practice): refused before any work. */
const MAX_TOKEN_LENGTH = 1024;

function mac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signToken(secret: string, claims: Omit<TokenClaims, 'v'>): string {
  const body = Buffer.from(JSON.stringify({ v: 1, sid: claims.sid, uid: claims.uid, iat: claims.iat, exp: claims.exp })).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    c.v === 1 &&
    typeof c.sid === 'string' &&
    c.sid.length > 0 &&
    c.sid.length <= 64 &&
    Number.isSafeInteger(c.uid) &&
    Number.isSafeInteger(c.iat) &&
    Number.isSafeInteger(c.exp)
  );
}

/** The claims of a token whose MAC matches and that has not expired at `now`; otherwise null. */
export function readToken(secret: string, token: string, now: number): TokenClaims | null {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp <= now) return null;
  return claims;
}
