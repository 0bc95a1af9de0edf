/**
 * The signed-in user's own account: GET/POST /api/user/profile,
 * POST /api/user/password and /api/user/preferences (docs/ACCOUNTS.md). Each
 * answer carries the fresh user object, so the client replaces its cached copy.
 * Only the listed fields are read (http/profile-bodies.ts): a role, id or hash
 * in a body is ignored.
 *
 * A stolen token must not be enough to take an account over for good: changing
 * the email needs the current password, or, for an account without one (made by
 * Google sign-in), a fresh Google credential of the linked Google account; so
 * does setting that account's first password. An email change, like a password
 * change, revokes the user's other sessions. Password guesses (and Google
 * re-checks) of both routes count against one `password` limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../domain/account';
import { verifyGoogle } from '../auth/accounts';
import { requireAuth, type Principal } from '../auth/guards';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { createLimiter } from '../auth/rate-limits';
import type { UserRow } from '../db/schema';
import { API_ERRORS, ApiError, type ApiErrorCode } from '../http/api-error';
import { parseBody } from '../http/body';
import { passwordBodySchema, preferencesBodySchema, profileBodySchema } from '../http/profile-bodies';
import { isUniqueViolation, normalizeEmail, type UserPatch } from '../repositories/users';

interface UserReply {
  status: 'success';
  message?: string;
  user: User;
}

/** A 422 that also names its field, so the client can put the text under it. */
function fieldError(code: ApiErrorCode, parameter: string): ApiError {
  return new ApiError(code, { errors: [{ parameter, message: API_ERRORS[code].message }] });
}

async function signedInUser(app: FastifyInstance, request: FastifyRequest): Promise<{ me: Principal; row: UserRow }> {
  const me = requireAuth(request);
  const row = await app.repos.users.findById(me.userId);
  // The session row cascades with the user, so this only happens in a race with a deletion.
  if (!row) throw new ApiError('UNAUTHENTICATED');
  return { me, row };
}

/** Whether a profile update carries a password guess or a Google credential; only those count against the password limit. */
function provesIdentity(request: FastifyRequest): boolean {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return false;
  return ('current_password' in body && body.current_password !== undefined) || ('credential' in body && body.credential !== undefined);
}

/**
 * For an account without a password: a fresh Google credential whose subject is the account's linked Google
 * account, else 403 REAUTH_REQUIRED. Not 401: the session itself is fine, and a 401 would sign the client out.
 */
async function requireFreshGoogle(app: FastifyInstance, row: UserRow, credential: string | undefined): Promise<void> {
  if (!credential || row.google_sub === null) throw new ApiError('REAUTH_REQUIRED');
  let sub: string;
  try {
    sub = (await verifyGoogle(app, credential)).sub;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'GOOGLE_AUTH_FAILED') throw new ApiError('REAUTH_REQUIRED');
    throw error;
  }
  if (sub !== row.google_sub) throw new ApiError('REAUTH_REQUIRED');
}

export async function userProfileRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.authOptions.now();
  // One counter for both routes, so an email change cannot be used to try passwords past the password route's limit.
  const passwordLimit = createLimiter(app, 'password');
  const reply = async (row: UserRow, message?: string): Promise<UserReply> => ({
    status: 'success',
    ...(message === undefined ? {} : { message }),
    user: await app.repos.account.json(row),
  });

  app.get<{ Reply: UserReply }>('/api/user/profile', async (request) => {
    const { row } = await signedInUser(app, request);
    return reply(row);
  });

  const profileLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (provesIdentity(request)) await passwordLimit(request, reply);
  };

  app.post<{ Reply: UserReply }>('/api/user/profile', { preHandler: profileLimit }, async (request) => {
    const { me, row } = await signedInUser(app, request);
    const body = parseBody(profileBodySchema, request.body);
    const patch: UserPatch = {};
    for (const field of ['first_name', 'last_name', 'full_name_en', 'full_name_ar'] as const) {
      const value = body[field];
      if (value !== undefined) patch[field] = value;
    }
    // Taken names are refused by the unique indexes (below), which also settles two requests racing for one.
    if (body.username !== undefined && body.username !== row.username) patch.username = body.username;
    if (body.email !== undefined && normalizeEmail(body.email) !== row.email) {
      if (row.password_hash !== null) {
        if (body.current_password === undefined || body.current_password === '') {
          const message = 'The current password field is required.';
          throw new ApiError('VALIDATION', { message, errors: [{ parameter: 'current_password', message }] });
        }
        if (!(await verifyPassword(body.current_password, row.password_hash))) {
          throw fieldError('CURRENT_PASSWORD_WRONG', 'current_password');
        }
      } else {
        await requireFreshGoogle(app, row, body.credential);
      }
      patch.email = body.email;
    }
    let updated: UserRow | undefined;
    try {
      if (Object.keys(patch).length === 0) updated = row;
      else if (patch.email !== undefined) updated = await app.repos.account.updateRevokingOthers(me.userId, patch, me.sessionId, now());
      else updated = await app.repos.account.update(me.userId, patch, now());
    } catch (error) {
      if (isUniqueViolation(error, 'email')) throw fieldError('EMAIL_TAKEN', 'email');
      if (isUniqueViolation(error, 'username')) throw fieldError('USERNAME_TAKEN', 'username');
      throw error;
    }
    if (!updated) throw new ApiError('UNAUTHENTICATED');
    if (patch.email !== undefined) await app.sessionEvents.ended(me.userId);
    return reply(updated, 'Profile updated successfully');
  });

  app.post<{ Reply: UserReply }>(
    '/api/user/password',
    { preHandler: passwordLimit },
    async (request) => {
      const { me, row } = await signedInUser(app, request);
      const hasPassword = row.password_hash !== null;
      const body = parseBody(passwordBodySchema(hasPassword), request.body);
      if (hasPassword) {
        if (!(await verifyPassword(body.current_password ?? '', row.password_hash))) throw fieldError('CURRENT_PASSWORD_WRONG', 'current_password');
      } else {
        await requireFreshGoogle(app, row, body.credential);
      }
      const hash = await hashPassword(body.password, { log2N: app.authOptions.scryptLog2N });
      const updated = await app.repos.account.replacePassword(me.userId, hash, me.sessionId, now());
      if (!updated) throw new ApiError('UNAUTHENTICATED');
      await app.sessionEvents.ended(me.userId);
      return reply(updated, 'Password updated successfully');
    },
  );

  app.post<{ Reply: UserReply }>('/api/user/preferences', async (request) => {
    const { me, row } = await signedInUser(app, request);
    const body = parseBody(preferencesBodySchema, request.body);
    const patch: UserPatch = {};
    for (const flag of ['email_notifications', 'marketing_emails', 'order_updates', 'newsletter'] as const) {
      const value = body[flag];
      if (value !== undefined) patch[flag] = value ? 1 : 0;
    }
    if (body.language !== undefined) patch.language = body.language;
    if (body.timezone !== undefined) patch.timezone = body.timezone;
    const updated = Object.keys(patch).length === 0 ? row : await app.repos.account.update(me.userId, patch, now());
    if (!updated) throw new ApiError('UNAUTHENTICATED');
    return reply(updated, 'Preferences updated successfully');
  });
}
