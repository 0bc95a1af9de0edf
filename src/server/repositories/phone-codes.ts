/**
 * Pending phone verification codes (docs/ACCOUNTS.md): at most one row per
 * user, holding an HMAC of the code rather than the code. The checks that
 * must hold under concurrent requests are made in SQL: a new code replaces the
 * old one under the user's lock (so the 60 s resend rule cannot be raced), a
 * wrong try counts only while fewer than the maximum were counted, and a right
 * code is consumed only if it is still live — all in one statement each.
 */
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_RESEND_MS } from '../../domain/account';
import type { Database } from '../db/database';
import type { PhoneCodesTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { withUserLock } from './user-row-lock';
import { bumpWindowCounter, PHONE_SENDS, secondsLeft } from './window-counters';

export type PhoneCodeRow = Selectable<PhoneCodesTable>;

export interface NewPhoneCode {
  userId: number;
  phone: string;
  codeMac: string;
  now: number;
  expiresAt: number;
  /** Codes per destination number across all users (rate limit phoneNumber); absent: no limit. */
  numberLimit?: { max: number; windowMs: number } | null;
}

/** A code was sent less than PHONE_CODE_RESEND_MS ago. */
export class ResendTooSoonError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('resend too soon');
  }
}

export async function findPhoneCode(db: Database, userId: number): Promise<PhoneCodeRow | undefined> {
  return db.kysely
    .selectFrom('phone_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Replaces the user's pending code with a new one, unless the last was sent
 * less than a minute ago (ResendTooSoonError) or the number has had its codes
 * for the window (NumberLimitError: counted in phone_send_counts in the same
 * transaction, so a refusal counts nothing). Returns the new row's id.
 */
export async function replacePhoneCode(db: Database, code: NewPhoneCode): Promise<number> {
  return withUserLock(db, code.userId, async (tx) => {
    const last = await tx
      .selectFrom('phone_codes')
      .select((eb) => eb.fn.max<number | null>('created_at').as('at'))
      .where('user_id', '=', code.userId)
      .executeTakeFirst();
    const lastAt = last?.at === null || last?.at === undefined ? null : Number(last.at);
    if (lastAt !== null && code.now - lastAt < PHONE_CODE_RESEND_MS) {
      throw new ResendTooSoonError(Math.max(1, Math.ceil((lastAt + PHONE_CODE_RESEND_MS - code.now) / 1000)));
    }
    const limit = code.numberLimit;
    if (limit) {
      const sent = await bumpWindowCounter(tx, PHONE_SENDS, code.phone, code.now, limit.windowMs);
      if (sent.count > limit.max) throw new NumberLimitError(secondsLeft(sent.windowStart, limit.windowMs, code.now));
    }
    await tx.deleteFrom('phone_codes').where('user_id', '=', code.userId).execute();
    const row = await tx
      .insertInto('phone_codes')
      .values({
        user_id: code.userId,
        phone: code.phone,
        code_mac: code.codeMac,
        attempts: 0,
        created_at: code.now,
        expires_at: code.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Enough codes were sent to this number in the current window, whoever asked for them. */
export class NumberLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many codes to this number');
  }
}

/** Removes one code row (a code whose SMS could not be sent, an expired one). */
export async function deletePhoneCode(db: Database, id: number): Promise<void> {
  await db.kysely.deleteFrom('phone_codes').where('id', '=', id).execute();
}

/**
 * Counts a wrong try. Returns the attempts now counted, or null when the code
 * was already void (the maximum reached, or the row gone).
 */
export async function recordWrongAttempt(db: Database, id: number): Promise<number | null> {
  const row = await db.kysely
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/**
 * Consumes a live code and sets the user's verified phone, in one transaction.
 * False when the code was voided or consumed meanwhile (nothing written then).
 */
export async function confirmPhone(db: Database, codeId: number, userId: number, phone: string, now: number): Promise<boolean> {
  return withUserLock(db, userId, async (tx) => {
    const consumed = await tx
      .deleteFrom('phone_codes')
      .where('id', '=', codeId)
      .where('user_id', '=', userId)
      .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) return false;
    await tx
      .updateTable('users')
      .set({ phone, phone_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
    return true;
  });
}
