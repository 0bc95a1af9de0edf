/**
 * Phone verification (docs/ACCOUNTS.md): POST /api/user/phone/send-code texts
 * a 6-digit code (crypto.randomInt) and keeps only its HMAC, valid 10 minutes,
 * a new one at most every 60 s; POST /api/user/phone/verify checks it, at most
 * 5 wrong tries, and on success sets the user's phone as verified. The HMAC
 * key is derived from the server's signing secret (auth-options deriveKey), and
 * binds the code to the user and the number it was sent to. Codes go only to the
 * seven served countries (http/phone-bodies.ts), at most `phoneNumber` (3) an
 * hour to one number whoever asks (counted in the database). Where the SMS goes
 * is AppOptions.auth.sms, else the sender SMS_PROVIDER selects (log by default).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_MS,
  PHONE_CODE_TTL_MS,
  type User,
} from '../../domain/account';
import { deriveKey } from '../auth/auth-options';
import { requireAuth } from '../auth/guards';
import { rateLimitConfig, rateLimitRule } from '../auth/rate-limits';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/body';
import { sendCodeBodySchema, verifyCodeBodySchema } from '../http/phone-bodies';
import { NumberLimitError, ResendTooSoonError } from '../repositories/phone-codes';
import { createSmsSender, smsConfigFromEnv } from '../sms/create-sms-sender';

export const smsText = (code: string) => `Your Souk verification code is ${code}`;

function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

export async function userPhoneRoutes(app: FastifyInstance): Promise<void> {
  const sms = app.authOptions.sms ?? createSmsSender(smsConfigFromEnv(), app.log);
  const key = deriveKey(app.authOptions.secret, 'phone-code');
  const now = () => app.authOptions.now();
  const mac = (userId: number, phone: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${phone}:${code}`).digest('base64url');
  const macMatches = (stored: string, computed: string) => {
    const a = Buffer.from(stored);
    const b = Buffer.from(computed);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  app.post('/api/user/phone/send-code', { config: rateLimitConfig(app, 'phoneSend') }, async (request, reply) => {
    const me = requireAuth(request);
    const { phone } = parseBody(sendCodeBodySchema, request.body);
    const at = now();
    const code = newCode();
    let codeId: number;
    try {
      codeId = await app.repos.phoneCodes.replace({
        userId: me.userId,
        phone,
        codeMac: mac(me.userId, phone, code),
        now: at,
        expiresAt: at + PHONE_CODE_TTL_MS,
        numberLimit: rateLimitRule(app, 'phoneNumber'),
      });
    } catch (error) {
      if (error instanceof ResendTooSoonError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        throw new ApiError('RESEND_TOO_SOON', { retry_after: error.retryAfterSeconds });
      }
      if (error instanceof NumberLimitError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        throw new ApiError('PHONE_NUMBER_LIMIT', { retry_after: error.retryAfterSeconds });
      }
      throw error;
    }
    try {
      await sms.send(phone, smsText(code));
    } catch (error) {
      // The user never got this code: keep no row (nor its resend wait) behind.
      await app.repos.phoneCodes.remove(codeId);
      request.log.warn({ err: error, sender: sms.name }, 'SMS verification code not sent');
      throw new ApiError('SMS_FAILED');
    }
    return {
      status: 'success',
      message: 'Verification code sent',
      expires_in: PHONE_CODE_TTL_MS / 1000,
      resend_in: PHONE_CODE_RESEND_MS / 1000,
    };
  });

  app.post<{ Reply: { status: 'success'; message: string; user: User } }>(
    '/api/user/phone/verify',
    { config: rateLimitConfig(app, 'phoneVerify') },
    async (request) => {
      const me = requireAuth(request);
      const { phone, code } = parseBody(verifyCodeBodySchema, request.body);
      const at = now();
      const pending = await app.repos.phoneCodes.find(me.userId);
      // No pending code (never sent, already used, or expired and swept): ask for a new one.
      if (!pending) throw new ApiError('CODE_EXPIRED');
      if (pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) throw new ApiError('TOO_MANY_ATTEMPTS');
      if (Number(pending.expires_at) <= at) {
        await app.repos.phoneCodes.remove(pending.id);
        throw new ApiError('CODE_EXPIRED');
      }
      if (pending.phone !== phone || !macMatches(pending.code_mac, mac(me.userId, phone, code))) {
        const attempts = await app.repos.phoneCodes.wrongAttempt(pending.id);
        if (attempts === null || attempts >= PHONE_CODE_MAX_ATTEMPTS) throw new ApiError('TOO_MANY_ATTEMPTS');
        throw new ApiError('INVALID_CODE', { attempts_left: PHONE_CODE_MAX_ATTEMPTS - attempts });
      }
      const confirmed = await app.repos.phoneCodes.confirm(pending.id, me.userId, phone, at);
      const row = await app.repos.users.findById(me.userId);
      if (!row) throw new ApiError('UNAUTHENTICATED');
      // Not confirmed here: voided meanwhile, or consumed by a simultaneous identical request (then it is done).
      if (!confirmed && !(row.phone === phone && row.phone_verified_at !== null)) throw new ApiError('TOO_MANY_ATTEMPTS');
      return { status: 'success', message: 'Phone number verified', user: await app.repos.account.json(row) };
    },
  );
}
