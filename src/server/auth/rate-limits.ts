/**
 * Rate limits of the account routes (docs/ACCOUNTS.md), all counted in the
 * database so that every instance on one database shares them (docs/SCALING.md):
 *
 * - request limits, with @fastify/rate-limit registered non-globally and its
 *   store in the database (auth/rate-limit-store.ts, table rate_limit_counters):
 *   a route opts in with `config: rateLimitConfig(app, 'register')`, or calls a
 *   limiter made by `createLimiter(app, 'password')`. A counter is one limit
 *   name and one client key, so every route and limiter of one name shares it
 *   (the password guesses of the profile and password routes, the Google
 *   attempts of both Google entry points). Keys are the client address
 *   (auth/client-ip.ts: IPv4, or the IPv6 /64); login is also counted per IP
 *   and lowercased email, and per IP alone.
 * - counters of their own (repositories/window-counters.ts): failed logins
 *   per email (a success resets them) and codes sent per phone number
 *   (repositories/phone-codes.ts); the rules `loginFailures` and `phoneNumber`.
 *
 * Refusals are our 429 TOO_MANY_REQUESTS body plus Retry-After (seconds).
 * buildApp({auth: {rateLimits}}) overrides them; false turns all of them off.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { rateLimitCounterKey } from '../repositories/rate-limit-counters';
import { clientKey } from './client-ip';
import { databaseRateLimitStore } from './rate-limit-store';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS = {
  /** Per client IP and email. */
  login: { max: 10, windowMs: 60_000 },
  /** Every login attempt of one client IP, whatever the email. */
  loginIp: { max: 30, windowMs: 60_000 },
  /** Failed password logins per email, in the database (all instances); a success resets it. */
  loginFailures: { max: 10, windowMs: 15 * 60_000 },
  register: { max: 10, windowMs: 3_600_000 },
  /** Google sign-in attempts per IP: /verify-google-token and /login with is_google_auth. */
  google: { max: 10, windowMs: 60_000 },
  setCookie: { max: 20, windowMs: 60_000 },
  phoneSend: { max: 5, windowMs: 3_600_000 },
  /** Codes sent to one number, whoever asks, in the database (all instances). */
  phoneNumber: { max: 3, windowMs: 3_600_000 },
  phoneVerify: { max: 10, windowMs: 600_000 },
  /** Password guesses per IP: POST /api/user/password and profile updates with current_password, one counter. */
  password: { max: 10, windowMs: 600_000 },
  /** Community requests created per user (POST /api/v1/community/posts). */
  communityPost: { max: 10, windowMs: 3_600_000 },
  /** Messages sent per user over REST (POST /api/messages and /api/v1/seller/messages, one counter). */
  messageSend: { max: 60, windowMs: 60_000 },
  /** Contact form messages per client IP (POST /api/contact). */
  contact: { max: 5, windowMs: 600_000 },
  /** Newsletter sign-ups per client IP (POST /api/newsletter). */
  newsletter: { max: 10, windowMs: 600_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** Defaults with `overrides` applied; false stays false (limits off). */
export function resolveRateLimits(overrides: Partial<RateLimits> | false | undefined): RateLimits | false {
  if (overrides === false) return false;
  return { ...DEFAULT_RATE_LIMITS, ...overrides };
}

/** The rule `name`, or null when limits are off. */
export function rateLimitRule(app: FastifyInstance, name: RateLimitName): RateLimitRule | null {
  const limits = app.authOptions.rateLimits;
  return limits === false ? null : limits[name];
}

/** Where the request counters live: the app's database, read with the app's clock. */
export interface RateLimitCounters {
  db: Database;
  now: () => number;
}

/** Registers the plugin (no global limit, counters in the database) unless limits are off. Call before any route that uses them. */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits | false, counters: RateLimitCounters): Promise<void> {
  if (limits === false) return;
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(counters.db, counters.now),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => new ApiError('TOO_MANY_REQUESTS'),
  });
}

/** The client key of a request: its address (IPv4, or the IPv6 /64). */
export function ipRateKey(request: FastifyRequest): string {
  return clientKey(request.ip);
}

/** The key of a signed-in user's own limits (their id; a guest falls back to the client address). */
export function userRateKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : ipRateKey(request);
}

/** The counter of limit `name` for a request: the name and the client key (one counter per name, whichever route counts). */
function counterKey(name: RateLimitName, keyGenerator: (request: FastifyRequest) => string): (request: FastifyRequest) => string {
  return (request) => rateLimitCounterKey(name, keyGenerator(request));
}

export interface RateLimitExtra {
  /** Key per request (default: the client address key). */
  keyGenerator?: (request: FastifyRequest) => string;
  /** When the check runs: default onRequest; keys read from the body need 'preHandler'. */
  hook?: 'onRequest' | 'preHandler';
}

/**
 * The route config for limit `name`, e.g. `app.post('/x', {config: rateLimitConfig(app, 'phoneSend')}, handler)`.
 * Empty when limits are off.
 */
export function rateLimitConfig(app: FastifyInstance, name: RateLimitName, extra: RateLimitExtra = {}): FastifyContextConfig {
  const rule = rateLimitRule(app, name);
  if (rule === null) return {};
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowMs,
      hook: extra.hook ?? 'onRequest',
      keyGenerator: counterKey(name, extra.keyGenerator ?? ipRateKey),
    },
  };
}

/** Counts one request against a limit; throws 429 TOO_MANY_REQUESTS (with Retry-After) past it. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A limiter for limit `name` (per client address unless `keyGenerator`), for a limit several routes share or a
 * route with more than one limit. A no-op when limits are off.
 */
export function createLimiter(app: FastifyInstance, name: RateLimitName, keyGenerator: (request: FastifyRequest) => string = ipRateKey): Limiter {
  const rule = rateLimitRule(app, name);
  if (rule === null) return async () => {};
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: counterKey(name, keyGenerator) });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new ApiError('TOO_MANY_REQUESTS');
    }
  };
}

/** The login key: client address and the lowercased email of the body. */
export function loginRateKey(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : '';
  return `${ipRateKey(request)}|${email.trim().toLowerCase()}`;
}
