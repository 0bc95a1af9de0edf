/**
 * Removes what has expired: sessions, phone codes, the database counters
 * whose window has ended (login failures, codes per number, request rate
 * limits), and guest carts
 * untouched for 30 days. The app runs it
 * every few minutes (plugins/sweeper.ts), so abandoned rows do not pile up.
 */
import type { Database } from '../db/database';
import { sweepGuestCarts } from './carts';
import { sweepRateLimitCounters } from './rate-limit-counters';
import { deleteExpiredSessions } from './sessions';
import { LOGIN_FAILURES, PHONE_SENDS, sweepWindowCounter } from './window-counters';

export interface SweepWindows {
  /** Window of the failed-login counter (rate limit loginFailures). */
  loginFailuresMs: number;
  /** Window of the codes-per-number counter (rate limit phoneNumber). */
  phoneNumberMs: number;
}

export interface SweepResult {
  sessions: number;
  phoneCodes: number;
  loginFailures: number;
  phoneSends: number;
  /** Request rate-limit counters whose window ended (rate_limit_counters). */
  rateLimitCounters: number;
  /** Guest carts untouched for 30 days (docs/COMMERCE.md). */
  guestCarts: number;
}

export async function sweepExpired(db: Database, now: number, windows: SweepWindows): Promise<SweepResult> {
  const sessions = await deleteExpiredSessions(db, now);
  const codes = await db.kysely.deleteFrom('phone_codes').where('expires_at', '<=', now).executeTakeFirst();
  const loginFailures = await sweepWindowCounter(db.kysely, LOGIN_FAILURES, now, windows.loginFailuresMs);
  const phoneSends = await sweepWindowCounter(db.kysely, PHONE_SENDS, now, windows.phoneNumberMs);
  const rateLimitCounters = await sweepRateLimitCounters(db.kysely, now);
  const guestCarts = await sweepGuestCarts(db, now);
  return { sessions, phoneCodes: Number(codes.numDeletedRows), loginFailures, phoneSends, rateLimitCounters, guestCarts };
}
