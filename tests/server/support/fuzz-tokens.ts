/**
 * Tokens built from the contract's wire format (docs/ACCOUNTS.md), not from the
 * server's code: `base64url(JSON {v:1, sid, uid, iat, exp}) + "." +
 * base64url(HMAC-SHA256(secret, first part))`. With the test server's secret
 * they are correctly signed yet name sessions that do not exist; with any other
 * secret, or tampered, they must be refused.
 */
import { createHmac } from 'node:crypto';

export interface Claims {
  sid: string;
  uid: number;
  iat: number;
  exp: number;
}

export function signTokenLikeTheServer(secret: string, claims: Claims): string {
  const body = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims part of a token, decoded (null when unreadable). */
export function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A real token with one character changed at `position` (taken modulo the
 * length, skipping the dot and the MAC's last character, whose low bits are
 * padding a lenient base64 decoder ignores).
 */
export function tamper(token: string, position: number): string {
  const candidates = [...token].map((_c, i) => i).filter((i) => token[i] !== '.' && i !== token.length - 1);
  const i = candidates[Math.abs(position) % candidates.length] ?? 0;
  const c = token[i] ?? 'A';
  const replacement = c === 'A' ? 'B' : 'A';
  return token.slice(0, i) + replacement + token.slice(i + 1);
}
