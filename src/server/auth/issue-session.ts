/**
 * Starting a session: a sessions row plus the signed token that names it.
 * Bearer sessions last 24 h, cookie sessions 7 days (docs/ACCOUNTS.md); the
 * token's exp is the row's expiry, so both end together. Issuing also sweeps
 * the user's expired sessions and caps their live ones (repositories/sessions.ts).
 */
import type { FastifyInstance } from 'fastify';
import { LOGIN_COOKIE_LIFETIME_MS, TOKEN_LIFETIME_MS } from '../../domain/account';
import { createSession, type SessionKind } from '../repositories/sessions';
import type { DbHandle } from '../repositories/users';
import { signToken } from './tokens';

export interface IssuedSession {
  sessionId: string;
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

export const SESSION_LIFETIME_MS: Record<SessionKind, number> = { bearer: TOKEN_LIFETIME_MS, cookie: LOGIN_COOKIE_LIFETIME_MS };

/** `parentSessionId`: the bearer session a cookie session is minted from (logout ends both). */
export async function issueSession(
  app: FastifyInstance,
  db: DbHandle,
  userId: number,
  kind: SessionKind,
  parentSessionId: string | null = null,
): Promise<IssuedSession> {
  const now = app.authOptions.now();
  const row = await createSession(db, { userId, kind, ttlMs: SESSION_LIFETIME_MS[kind], now, parentSessionId });
  const token = signToken(app.authOptions.secret, { sid: row.id, uid: userId, iat: now, exp: row.expires_at });
  return { sessionId: row.id, token, expiresAt: row.expires_at };
}
