/**
 * Rate limits of the account routes (docs/ACCOUNTS.md), with
 * @fastify/rate-limit registered non-globally: a route opts in with
 * `config: rateLimitConfig(app, 'login')`. Refusals are our 429
 * TOO_MANY_REQUESTS body plus Retry-After (seconds). Limits are per client IP;
 * login is per IP and lowercased email (so one address cannot be hammered, and
 * one noisy client does not lock out others behind the same NAT on other
 * addresses). buildApp({auth: {rateLimits}}) overrides them; false turns them off.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 10, windowMs: 3_600_000 },
  google: { max: 10, windowMs: 60_000 },
  phoneSend: { max: 5, windowMs: 3_600_000 },
  phoneVerify: { max: 10, windowMs: 600_000 },
  password: { max: 10, windowMs: 600_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** Defaults with `overrides` applied; false stays false (limits off). */
export function resolveRateLimits(overrides: Partial<RateLimits> | false | undefined): RateLimits | false {
  if (overrides === false) return false;
  return { ...DEFAULT_RATE_LIMITS, ...overrides };
}

/** Registers the plugin (no global limit) unless limits are off. Call before any route that uses them. */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits | false): Promise<void> {
  if (limits === false) return;
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => new ApiError('TOO_MANY_REQUESTS'),
  });
}

export interface RateLimitExtra {
  /** Key per request (default: client IP). */
  keyGenerator?: (request: FastifyRequest) => string;
  /** When the check runs: default onRequest; keys read from the body need 'preHandler'. */
  hook?: 'onRequest' | 'preHandler';
}

/**
 * The route config for limit `name`, e.g. `app.post('/x', {config: rateLimitConfig(app, 'phoneSend')}, handler)`.
 * Empty when limits are off.
 */
export function rateLimitConfig(app: FastifyInstance, name: RateLimitName, extra: RateLimitExtra = {}): FastifyContextConfig {
  const limits = app.authOptions.rateLimits;
  if (limits === false) return {};
  const rule = limits[name];
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowMs,
      hook: extra.hook ?? 'onRequest',
      keyGenerator: extra.keyGenerator ?? ((request) => request.ip),
    },
  };
}

/** The login key: client IP and the lowercased email of the body. */
export function loginRateKey(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : '';
  return `${request.ip}|${email.trim().toLowerCase()}`;
}
