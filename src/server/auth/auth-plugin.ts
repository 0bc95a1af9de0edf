/**
 * Sets request.auth for every request, before routing's handlers run: from
 * `Authorization: Bearer` when that header is present (the cookie is then
 * ignored), else from the souk_session cookie. A token is honoured when its MAC
 * matches, it has not expired, and its session row is live and of the same
 * kind; anything else leaves the request a guest (null), and the guards
 * (guards.ts) answer 401 where a route needs more. Guests without credentials
 * cost no database read.
 *
 * Also: Cache-Control: no-store on every auth/user/seller answer and on every
 * API answer to a request that presented credentials, so no cache keeps a
 * personal response. (Static files are left alone: browsers send the cookie
 * with every request, and hashed assets are the same for everyone.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { preparedQuery } from '../db/prepared-query';
import type { Tx } from '../db/write-transaction';
import { NO_STORE } from '../http/cache-control';
import { presentedCredentials } from './cookies';
import type { Principal } from './guards';
import { readToken } from './tokens';

/** Run for every request with credentials: built once (prepared-query.ts). */
const liveSession = preparedQuery((tx: Tx, { sid, now }: { sid: string; now: number }) =>
  tx
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sid', 'sessions.kind', 'users.id as uid', 'users.role'])
    .where('sessions.id', '=', sid)
    .where('sessions.expires_at', '>', now),
);

/** The principal a token names (MAC, expiry, and a live session row of that kind), or null; also used by the chat socket. */
export async function principalFor(db: Database, secret: string, token: string, via: Principal['via'], now: number): Promise<Principal | null> {
  const claims = readToken(secret, token, now);
  if (claims === null) return null;
  const [row] = (await liveSession(db.kysely, { sid: claims.sid, now })).rows;
  if (!row || Number(row.uid) !== claims.uid || row.kind !== via) return null;
  return { userId: Number(row.uid), role: row.role, sessionId: row.sid, via };
}

const PRIVATE_PREFIXES = ['/api/auth/', '/api/user/', '/api/seller/'];

function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
}

export function registerAuthPlugin(app: FastifyInstance, db: Database): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const presented = presentedCredentials(request);
    const { secret, now } = app.authOptions;
    if (presented.header) {
      request.auth = presented.bearer === null ? null : await principalFor(db, secret, presented.bearer, 'bearer', now());
    } else if (presented.cookie !== null) {
      request.auth = await principalFor(db, secret, presented.cookie, 'cookie', now());
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (isPrivatePath(path)) {
      reply.header('cache-control', NO_STORE);
    } else if (path === '/api' || path.startsWith('/api/')) {
      const presented = presentedCredentials(request);
      if (presented.header || presented.cookie !== null) reply.header('cache-control', NO_STORE);
    }
    return payload;
  });
}
