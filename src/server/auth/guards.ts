/**
 * Who is asking: the auth plugin (auth-plugin.ts) sets request.auth from a
 * bearer token or the login cookie before any route runs; routes ask for what
 * they need with these guards, which throw the contract's 401 and 403
 * (docs/ACCOUNTS.md). Ownership of an object (an address, a shop) is checked in
 * the repository query itself (`where user_id = me`), so another user's id is a
 * plain 404, indistinguishable from a missing one.
 */
import type { FastifyRequest } from 'fastify';
import type { Role } from '../db/schema';
import { ApiError } from '../http/api-error';

export interface Principal {
  userId: number;
  role: Role;
  sessionId: string;
  /** How the session was presented: bearer header or the souk_session cookie. */
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** null for a guest (no credentials, or ones that are invalid, expired or revoked). */
    auth: Principal | null;
  }
}

/** The signed-in principal, or 401 UNAUTHENTICATED. */
export function requireAuth(request: FastifyRequest): Principal {
  if (!request.auth) throw new ApiError('UNAUTHENTICATED');
  return request.auth;
}

/** The principal when their role is one of `roles`: guest → 401, other roles → 403 FORBIDDEN. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): Principal {
  const principal = requireAuth(request);
  if (!roles.includes(principal.role)) throw new ApiError('FORBIDDEN');
  return principal;
}
