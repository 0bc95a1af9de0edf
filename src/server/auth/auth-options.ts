/**
 * The auth settings buildApp takes (AppOptions.auth) and the resolved form it
 * decorates on the instance as `app.authOptions`, so route files (auth, user,
 * seller) read one source: the signing secret, the Google verifier, rate
 * limits, the SMS sender, the password cost and the clock.
 */
import { createHmac } from 'node:crypto';
import type { SmsSender } from '../sms/sms-sender';
import type { GoogleVerifier } from './google';
import type { RateLimits } from './rate-limits';

export interface AuthOptions {
  /** Token signing secret (>= 32 characters); absent: generated once and kept in server_secrets. */
  secret?: string;
  /** Verifies Google ID tokens; absent: built from googleClientId; null: Google sign-in off. */
  google?: GoogleVerifier | null;
  /** The OAuth client id the PWA's Google button uses (GET /api/auth/config, the HTML CSP). */
  googleClientId?: string | null;
  /** Per-limit overrides of DEFAULT_RATE_LIMITS; false turns rate limiting off (tests, load tests). */
  rateLimits?: Partial<RateLimits> | false;
  /** Where verification codes go; absent: the route files' default (the log sender). */
  sms?: SmsSender;
  /** scrypt cost for new password hashes (default 15; tests use 10). */
  scryptLog2N?: number;
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /** Cookies always Secure (default: NODE_ENV=production); otherwise Secure when the request came over https. */
  secureCookies?: boolean;
  /** How often expired sessions, phone codes and counters are swept (default 10 minutes). */
  sweepIntervalMs?: number;
}

export interface ResolvedAuthOptions {
  secret: string;
  google: GoogleVerifier | null;
  googleClientId: string | null;
  rateLimits: RateLimits | false;
  sms: SmsSender | undefined;
  scryptLog2N: number;
  now: () => number;
  secureCookies: boolean;
  sweepIntervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved auth settings (see auth/auth-options.ts). */
    authOptions: ResolvedAuthOptions;
  }
}

/** A key for one purpose derived from the signing secret ('csrf', 'phone-code'…), so no two uses share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`souk:${purpose}`).digest();
}
