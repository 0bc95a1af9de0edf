/**
 * Guest carts (docs/COMMERCE.md, "Identities on cart paths"): a guest names
 * their cart with `Guest-Token: <token>` on /api/cart* only. Tokens are 32
 * random bytes in base64url; the server keeps only their SHA-256, so a
 * database read does not hand out anyone's cart. Every /api/cart* answer to a
 * guest carries the header back (empty once the guest cart is gone).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const GUEST_TOKEN_HEADER = 'guest-token';
/** As sent in answers (header names are case-insensitive; this is the contract's spelling). */
export const GUEST_TOKEN_RESPONSE_HEADER = 'Guest-Token';

/** 32 random bytes, base64url: 43 characters. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export function newGuestToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a token: what the carts table stores and the idempotency principal uses. */
export function hashGuestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedGuestToken(token: string): boolean {
  return WELL_FORMED.test(token);
}

/** The Guest-Token the request presents (trimmed), or null when absent or empty. */
export function presentedGuestToken(request: FastifyRequest): string | null {
  const raw = request.headers[GUEST_TOKEN_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token === '' ? null : token;
}

/** Answers the guest's token (empty: the guest cart is gone and the client drops its copy). */
export function sendGuestToken(reply: FastifyReply, token: string): void {
  reply.header(GUEST_TOKEN_RESPONSE_HEADER, token);
}
