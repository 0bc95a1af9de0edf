/**
 * /api/auth/*: register, login (password or Google), Google token check,
 * logout, the login cookie, and what the client needs to know about sign-in
 * (docs/ACCOUNTS.md). The work is in auth/accounts.ts; this file maps bodies
 * and answers. CSRF cookies are issued by auth/csrf.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSuccess } from '../../domain/account';
import { googleBodySchema, isGoogleLogin, loginBodySchema, registerBodySchema, setCookieBodySchema } from '../auth/auth-bodies';
import { googleSignIn, loginAccount, LoginLockedError, registerAccount, verifyGoogle, type SignedIn } from '../auth/accounts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../auth/cookies';
import { requireAuth } from '../auth/guards';
import { issueSession } from '../auth/issue-session';
import { createLimiter, loginRateKey, rateLimitConfig } from '../auth/rate-limits';
import { readToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { userJson } from '../http/user-response';
import { deleteSession, deleteSessionFamilies, findSession } from '../repositories/sessions';
import { findUserById } from '../repositories/users';

async function authSuccess(db: Database, message: string, signedIn: SignedIn): Promise<AuthSuccess> {
  const { token, expiresAt } = signedIn.session;
  return {
    status: 'success',
    message,
    token,
    access_token: token,
    token_type: 'Bearer',
    expires_at: new Date(expiresAt).toISOString(),
    user: await userJson(db, signedIn.user),
  };
}

export function authRoutes(db: Database) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const googleAnswer = async (reply: FastifyReply, credential: string) => {
      const identity = await verifyGoogle(app, credential);
      const signedIn = await googleSignIn(app, db, identity);
      const body = await authSuccess(db, signedIn.created ? 'Registration successful' : 'Login successful', signedIn);
      return reply.code(signedIn.created ? 201 : 200).send({ ...body, payload: { email: identity.email, sub: identity.sub, name: identity.name } });
    };

    // Limiters with their own counters (auth/rate-limits.ts): the Google one is shared by both Google entry points.
    const loginIpLimit = createLimiter(app, 'loginIp');
    const loginEmailLimit = createLimiter(app, 'login', loginRateKey);
    const googleLimit = createLimiter(app, 'google');
    const setCookieLimit = createLimiter(app, 'setCookie');

    app.get('/api/auth/config', async () => ({
      google: { configured: app.authOptions.google !== null, client_id: app.authOptions.googleClientId },
    }));

    app.post('/api/auth/register', { config: rateLimitConfig(app, 'register') }, async (request, reply) => {
      const body = parseBody(registerBodySchema, request.body);
      const signedIn = await registerAccount(app, db, body);
      return reply.code(201).send(await authSuccess(db, 'Registration successful', signedIn));
    });

    app.post(
      '/api/auth/login',
      {
        // After body parsing: the per-email key reads the body. Every attempt counts per IP; a password attempt
        // also per IP and email (and per email in the database, accounts.ts), a Google one against the Google limit.
        preHandler: async (request, reply) => {
          await loginIpLimit(request, reply);
          await (isGoogleLogin(request.body) ? googleLimit : loginEmailLimit)(request, reply);
        },
      },
      async (request, reply) => {
        if (isGoogleLogin(request.body)) return googleAnswer(reply, parseBody(googleBodySchema, request.body).credential);
        const body = parseBody(loginBodySchema, request.body);
        let signedIn: SignedIn;
        try {
          signedIn = await loginAccount(app, db, body.email, body.password);
        } catch (error) {
          if (error instanceof LoginLockedError) {
            reply.header('retry-after', String(error.retryAfterSeconds));
            throw new ApiError('TOO_MANY_REQUESTS');
          }
          throw error;
        }
        return reply.send(await authSuccess(db, 'Login successful', signedIn));
      },
    );

    app.post('/api/auth/verify-google-token', { onRequest: googleLimit }, async (request, reply) => {
      // Configuration first: without Google sign-in there is nothing to validate against.
      if (app.authOptions.google === null) throw new ApiError('GOOGLE_NOT_CONFIGURED');
      return googleAnswer(reply, parseBody(googleBodySchema, request.body).credential);
    });

    app.post('/api/auth/logout', async (request, reply) => {
      const principal = requireAuth(request);
      // The presenting session, the login cookie's session when one is sent (even beside a bearer header), and
      // each one's parent and children: a cookie minted from this bearer token ends with it.
      const cookieSid = await cookieSessionId(request);
      await deleteSessionFamilies(db, cookieSid === null ? [principal.sessionId] : [principal.sessionId, cookieSid]);
      // Sockets of the ended sessions close (4401) before the answer.
      await app.sessionEvents.ended(principal.userId);
      if (principal.via === 'cookie' || request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
      return { status: 'success', message: 'Logged out successfully' };
    });

    app.post('/api/auth/set-cookie', { onRequest: setCookieLimit }, async (request: FastifyRequest, reply) => {
      const { token } = parseBody(setCookieBodySchema, request.body ?? {});
      const now = app.authOptions.now();
      let userId: number | null = null;
      let parentSessionId: string | null = null;
      if (token !== undefined) {
        const claims = readToken(app.authOptions.secret, token, now);
        const session = claims ? await findSession(db, claims.sid, now) : undefined;
        if (claims && session && session.user_id === claims.uid && session.kind === 'bearer') {
          userId = claims.uid;
          parentSessionId = session.id;
        }
      } else if (request.auth?.via === 'bearer') {
        userId = request.auth.userId;
        parentSessionId = request.auth.sessionId;
      }
      if (userId === null || !(await findUserById(db, userId))) throw new ApiError('UNAUTHENTICATED');
      await dropCookieSession(request);
      // The cookie session remembers the bearer session it came from: logging out of either ends both.
      const issued = await issueSession(app, db, userId, 'cookie', parentSessionId);
      setSessionCookie(request, reply, issued.token);
      return { status: 'success', message: 'Login cookie set' };
    });

    app.delete('/api/auth/set-cookie', async (request, reply) => {
      await dropCookieSession(request);
      clearSessionCookie(request, reply);
      return { status: 'success', message: 'Login cookie cleared' };
    });

    /** The session id of the login cookie the request carries, if it is one of ours (expired or not); else null. */
    async function cookieSessionId(request: FastifyRequest): Promise<string | null> {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie === undefined) return null;
      // Expired or not, a cookie whose MAC matches names a row we may delete.
      const claims = readToken(app.authOptions.secret, cookie, 0);
      if (!claims) return null;
      const session = await findSession(db, claims.sid, 0);
      return session && session.kind === 'cookie' && session.user_id === claims.uid ? session.id : null;
    }

    /** Deletes the session of the login cookie the request carries, if it is one of ours. */
    async function dropCookieSession(request: FastifyRequest): Promise<void> {
      const sid = await cookieSessionId(request);
      if (sid !== null) await deleteSession(db, sid);
    }
  };
}
