/**
 * /api/auth/*: register, login (password or Google), Google token check,
 * logout, the login cookie, and what the client needs to know about sign-in
 * (docs/ACCOUNTS.md). The work is in auth/accounts.ts; this file maps bodies
 * and answers. CSRF cookies are issued by auth/csrf.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSuccess } from '../../domain/account';
import { googleBodySchema, isGoogleLogin, loginBodySchema, registerBodySchema, setCookieBodySchema } from '../auth/auth-bodies';
import { googleSignIn, loginAccount, registerAccount, verifyGoogle, type SignedIn } from '../auth/accounts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../auth/cookies';
import { requireAuth } from '../auth/guards';
import { issueSession } from '../auth/issue-session';
import { loginRateKey, rateLimitConfig } from '../auth/rate-limits';
import { readToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { userJson } from '../http/user-response';
import { deleteSession, findSession } from '../repositories/sessions';
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
      { config: rateLimitConfig(app, 'login', { hook: 'preHandler', keyGenerator: loginRateKey }) },
      async (request, reply) => {
        if (isGoogleLogin(request.body)) return googleAnswer(reply, parseBody(googleBodySchema, request.body).credential);
        const body = parseBody(loginBodySchema, request.body);
        const signedIn = await loginAccount(app, db, body.email, body.password);
        return reply.send(await authSuccess(db, 'Login successful', signedIn));
      },
    );

    app.post('/api/auth/verify-google-token', { config: rateLimitConfig(app, 'google') }, async (request, reply) => {
      // Configuration first: without Google sign-in there is nothing to validate against.
      if (app.authOptions.google === null) throw new ApiError('GOOGLE_NOT_CONFIGURED');
      return googleAnswer(reply, parseBody(googleBodySchema, request.body).credential);
    });

    app.post('/api/auth/logout', async (request, reply) => {
      const principal = requireAuth(request);
      await deleteSession(db, principal.sessionId);
      if (principal.via === 'cookie' || request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(request, reply);
      return { status: 'success', message: 'Logged out successfully' };
    });

    app.post('/api/auth/set-cookie', async (request: FastifyRequest, reply) => {
      const { token } = parseBody(setCookieBodySchema, request.body ?? {});
      const now = app.authOptions.now();
      let userId: number | null = null;
      if (token !== undefined) {
        const claims = readToken(app.authOptions.secret, token, now);
        const session = claims ? await findSession(db, claims.sid, now) : undefined;
        if (claims && session && session.user_id === claims.uid && session.kind === 'bearer') userId = claims.uid;
      } else if (request.auth?.via === 'bearer') {
        userId = request.auth.userId;
      }
      if (userId === null || !(await findUserById(db, userId))) throw new ApiError('UNAUTHENTICATED');
      await dropCookieSession(request);
      const issued = await issueSession(app, db, userId, 'cookie');
      setSessionCookie(request, reply, issued.token);
      return { status: 'success', message: 'Login cookie set' };
    });

    app.delete('/api/auth/set-cookie', async (request, reply) => {
      await dropCookieSession(request);
      clearSessionCookie(request, reply);
      return { status: 'success', message: 'Login cookie cleared' };
    });

    /** Deletes the session of the login cookie the request carries, if it is one of ours. */
    async function dropCookieSession(request: FastifyRequest): Promise<void> {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie === undefined) return;
      // Expired or not, a cookie whose MAC matches names a row we may delete.
      const claims = readToken(app.authOptions.secret, cookie, 0);
      if (claims) {
        const session = await findSession(db, claims.sid, 0);
        if (session && session.kind === 'cookie' && session.user_id === claims.uid) await deleteSession(db, session.id);
      }
    }
  };
}
