/**
 * Idempotent writes (docs/REVIEWS-FOLLOWS.md, "Idempotent writes"): a
 * POST/PUT/PATCH/DELETE under /api with `Idempotency-Key` acts once per
 * (principal, key). The first request claims the key before its handler runs;
 * its answer (2xx or 4xx) is stored before it is sent, so a repeat, even one
 * racing the first, gets the same status and body with `Idempotent-Replayed:
 * true` and nothing acts again. A repeat while the first is still running is
 * 409 IDEMPOTENCY_KEY_IN_PROGRESS at once (the client retries later). The same
 * key on another method or path, or with another body, is 422
 * IDEMPOTENCY_KEY_REUSED; a malformed key is 400. A 5xx is not stored (the key
 * is released, so a retry runs). Answers are swept after 24 h.
 *
 * The body is compared by the SHA-256 of its canonical form (bodyHash below):
 * the parsed JSON re-serialised with object keys sorted at every level, so key
 * order and whitespace do not matter but any value does. multipart/form-data is
 * not compared: its parts are streamed to the handler after this hook, so the
 * raw content is not available here (its hash is null and only method + path
 * are checked).
 *
 * Not for /api/auth/*: those answers carry session tokens, and a stored token
 * must never be handed out again (signing in is safe to repeat anyway).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashGuestToken, presentedGuestToken } from '../auth/guest-token';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { claimKey, completeKey, findAnswer, releaseKey, sweepIdempotencyKeys } from '../repositories/idempotency-keys';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[A-Za-z0-9_-]{1,100}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A claim released or swept between our insert and read is claimed again, a few times at most. */
const MAX_CLAIM_ATTEMPTS = 5;
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

/**
 * Guests share nothing with users; a guest's keys are scoped to their guest cart's token (its SHA-256, the
 * value the carts table holds: docs/COMMERCE.md) when they present one, else to their address.
 */
function principalOf(request: FastifyRequest): string {
  if (request.auth) return `user:${request.auth.userId}`;
  const guestToken = presentedGuestToken(request);
  return guestToken !== null ? `guest:${hashGuestToken(guestToken)}` : `guest:${request.ip}`;
}

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('multipart/');
}

/**
 * SHA-256 (hex) of the request body's canonical form: 'none' without a body, the raw
 * bytes of a Buffer body, else the canonical JSON of the parsed body. null for
 * multipart (not compared, see above).
 */
export function bodyHash(request: FastifyRequest): string | null {
  if (isMultipart(request)) return null;
  const body: unknown = request.body;
  const hash = createHash('sha256');
  if (body === undefined) hash.update('none:');
  else if (Buffer.isBuffer(body)) hash.update('raw:').update(body);
  else hash.update('json:').update(canonicalJson(body));
  return hash.digest('hex');
}

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
    const hash = bodyHash(request);
    for (let attempt = 1; ; attempt++) {
      if (await claimKey(db, principal, raw, method, path, hash, now())) {
        claims.set(request, { principal, key: raw, done: false });
        return;
      }
      const stored = await findAnswer(db, principal, raw);
      if (stored === null) {
        // Released or swept between the two reads: claim again (a few times; then the first still has it).
        if (attempt < MAX_CLAIM_ATTEMPTS) continue;
        throw new ApiError('IDEMPOTENCY_KEY_IN_PROGRESS');
      }
      if (stored.method !== method || stored.path !== path) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      // A stored hash is compared with this body (a multipart repeat of a hashed body is another request too).
      if (stored.bodyHash !== null && stored.bodyHash !== hash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (stored.status === 0) throw new ApiError('IDEMPOTENCY_KEY_IN_PROGRESS');
      reply.code(stored.status).header(REPLAYED_HEADER, 'true').header('content-type', stored.contentType).header('cache-control', 'no-store');
      return reply.send(stored.body);
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
