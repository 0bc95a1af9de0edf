/**
 * Idempotent writes (docs/REVIEWS-FOLLOWS.md, "Idempotent writes"): a
 * POST/PUT/PATCH/DELETE under /api with `Idempotency-Key` acts once per
 * (principal, key). The first request claims the key before its handler runs;
 * its answer (2xx or 4xx) is stored before it is sent, so a repeat, even one
 * racing the first, gets the same status and body with `Idempotent-Replayed:
 * true` and nothing acts again. The same key on another method or path is 422
 * IDEMPOTENCY_KEY_REUSED; a malformed key is 400. A 5xx is not stored (the key
 * is released, so a retry runs). Answers are swept after 24 h.
 *
 * Not for /api/auth/*: those answers carry session tokens, and a stored token
 * must never be handed out again (signing in is safe to repeat anyway).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { claimKey, completeKey, findAnswer, releaseKey, sweepIdempotencyKeys } from '../repositories/idempotency-keys';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[A-Za-z0-9_-]{1,100}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request's answer before giving up with 409. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface Claim {
  principal: string;
  key: string;
  done: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

function covered(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return WRITE_METHODS.has(request.method) && path.startsWith('/api/') && !path.startsWith('/api/auth/');
}

/** Guests share nothing with users; a guest's keys are scoped to their address. */
function principalOf(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : `guest:${request.ip}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface IdempotencyOptions {
  now?: () => number;
}

export function registerIdempotency(app: FastifyInstance, db: Database, opts: IdempotencyOptions = {}): void {
  const now = opts.now ?? Date.now;

  app.addHook('preHandler', async (request, reply) => {
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !covered(request)) return;
    if (typeof raw !== 'string' || !KEY.test(raw)) throw new ApiError('IDEMPOTENCY_KEY_INVALID');
    const principal = principalOf(request);
    const method = request.method;
    const path = pathOf(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await claimKey(db, principal, raw, method, path, now())) {
        claims.set(request, { principal, key: raw, done: false });
        return;
      }
      const stored = await findAnswer(db, principal, raw);
      if (stored === null) continue; // released or swept between the two reads: claim again
      if (stored.method !== method || stored.path !== path) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (stored.status !== 0) {
        reply.code(stored.status).header(REPLAYED_HEADER, 'true').header('content-type', stored.contentType).header('cache-control', 'no-store');
        return reply.send(stored.body);
      }
      if (Date.now() > deadline) throw new ApiError('IDEMPOTENCY_KEY_IN_PROGRESS');
      await sleep(POLL_MS);
    }
  });

  // Before serialisation the answer is still the object the route sent (compression has not run yet).
  app.addHook('preSerialization', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim || claim.done) return payload;
    claim.done = true;
    if (reply.statusCode >= 500) {
      await releaseKey(db, claim.principal, claim.key);
    } else {
      await completeKey(db, claim.principal, claim.key, reply.statusCode, 'application/json; charset=utf-8', JSON.stringify(payload));
    }
    return payload;
  });

  // An answer that was not a serialised object (or a request that ended early) gives the key back.
  app.addHook('onResponse', async (request) => {
    const claim = claims.get(request);
    if (!claim || claim.done) return;
    claim.done = true;
    await releaseKey(db, claim.principal, claim.key);
  });

  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    sweepIdempotencyKeys(db, now()).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency sweep failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== null) clearInterval(timer);
  });
}
