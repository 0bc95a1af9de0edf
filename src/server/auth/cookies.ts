/**
 * The two cookies of docs/ACCOUNTS.md: the login cookie `souk_session`
 * (HttpOnly, 7 days) and the script-readable CSRF cookie `XSRF-TOKEN` (2 h),
 * both SameSite=Lax, Path=/, Secure when the request came over https (behind a
 * trusted proxy, X-Forwarded-Proto says so: TRUST_PROXY) and always when
 * NODE_ENV=production (auth option secureCookies).
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_COOKIE_LIFETIME_MS, XSRF_COOKIE_LIFETIME_S } from '../../domain/account';

export const SESSION_COOKIE = 'souk_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_LIFETIME_S = XSRF_COOKIE_LIFETIME_S;

function base(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: request.server.authOptions.secureCookies || request.protocol === 'https' };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...base(request), httpOnly: true, maxAge: LOGIN_COOKIE_LIFETIME_MS / 1000 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...base(request), httpOnly: true });
}

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(XSRF_COOKIE, token, { ...base(request), httpOnly: false, maxAge: XSRF_LIFETIME_S });
}

/** The credentials a request presents: the bearer header (any Authorization header counts) or the login cookie. */
export function presentedCredentials(request: FastifyRequest): { bearer: string | null; header: boolean; cookie: string | null } {
  const header = request.headers.authorization;
  const cookie = request.cookies[SESSION_COOKIE];
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return { bearer: match?.[1] ?? null, header: header !== undefined, cookie: cookie === undefined || cookie === '' ? null : cookie };
}
