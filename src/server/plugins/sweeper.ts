/**
 * Runs the expiry sweep (repositories/sweep.ts) every `intervalMs` on the
 * app's clock. The timer is unref'd (it never keeps the process alive) and
 * cleared when the app closes; a failed sweep is logged and tried again next
 * time. Every instance sweeps: the deletes are idempotent.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limits';
import type { Database } from '../db/database';
import { sweepExpired, type SweepResult } from '../repositories/sweep';

export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the expiry sweep now (also run by the timer). */
    sweepExpired: () => Promise<SweepResult>;
  }
}

export function registerSweeper(app: FastifyInstance, db: Database, intervalMs: number): void {
  const sweep = async () => {
    const limits = app.authOptions.rateLimits === false ? DEFAULT_RATE_LIMITS : app.authOptions.rateLimits;
    const result = await sweepExpired(db, app.authOptions.now(), {
      loginFailuresMs: limits.loginFailures.windowMs,
      phoneNumberMs: limits.phoneNumber.windowMs,
    });
    // Expired sessions went: whatever held them (chat sockets) rechecks.
    if (result.sessions > 0) await app.sessionEvents.ended(null);
    return result;
  };
  app.decorate('sweepExpired', sweep);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
