/**
 * Phone verification: a 6-digit code by SMS, kept as an HMAC, 10 minutes, a
 * new one at most every 60 s, 5 wrong tries void it; success sets the user's
 * verified phone. The app's clock is moved by the test (auth.now).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/account';
import { call, registerBuyer, startAccountServer, userRow, type Account, type AccountServer, type ErrorBody } from './support/account-server';

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const sendCode = (a: Account | null, phone: unknown) =>
  call<ErrorBody & { expires_in: number; resend_in: number; retry_after: number }>(server, 'POST', '/api/user/phone/send-code', {
    token: a?.token ?? null,
    body: { phone },
  });
const verify = (a: Account | null, phone: unknown, code: unknown) =>
  call<ErrorBody & { user: User; attempts_left: number }>(server, 'POST', '/api/user/phone/verify', {
    token: a?.token ?? null,
    body: { phone, code },
  });
const codeRows = (userId: number) => server.db.kysely.selectFrom('phone_codes').selectAll().where('user_id', '=', userId).execute();

/** The code in the last SMS to `phone`. */
function lastCode(phone: string): string {
  const sms = server.sms.filter((m) => m.to === phone).at(-1);
  const match = sms ? /^Your Souk verification code is (\d{6})$/.exec(sms.text) : null;
  if (!match?.[1]) throw new Error(`no code sent to ${phone}`);
  return match[1];
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/user/phone/send-code', () => {
  it('texts a 6-digit code to the normalised number and stores only its HMAC', async () => {
    const a = await registerBuyer(server, 'send');
    const res = await sendCode(a, '06 11 22 33 44');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ status: 'success', message: 'Verification code sent', expires_in: 600, resend_in: 60 });
    const code = lastCode('+212611223344');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await codeRows(a.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '+212611223344', attempts: 0 });
    expect(rows[0]?.code_mac).not.toContain(code);
    expect(Number(rows[0]?.expires_at) - Number(rows[0]?.created_at)).toBe(600_000);
  });

  it.each([['12345'], ['+0612345678'], ['phone'], ['0812345678'], ['+1234567890123456']])('refuses %s with the phone message', async (phone) => {
    const a = await registerBuyer(server, 'badphone');
    const res = await sendCode(a, phone);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: 'The phone must be a valid phone number.' });
    expect(res.body.errors).toEqual([{ parameter: 'phone', message: 'The phone must be a valid phone number.' }]);
    expect(await codeRows(a.userId)).toEqual([]);
  });

  it('requires the phone', async () => {
    const a = await registerBuyer(server, 'nophone');
    for (const phone of [undefined, '', '  ']) {
      const res = await sendCode(a, phone);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('The phone field is required.');
    }
    const typed = await sendCode(a, 612345678);
    expect(typed.body.message).toBe('The phone must be a string.');
  });

  it('refuses a new code within 60 s (429 RESEND_TOO_SOON with retry_after), then allows it', async () => {
    const a = await registerBuyer(server, 'resend');
    expect((await sendCode(a, '+212622000001')).status).toBe(200);
    const first = lastCode('+212622000001');
    server.advance(20_000);
    const soon = await sendCode(a, '+212622000001');
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 'RESEND_TOO_SOON', message: 'Please wait before requesting another code.', retry_after: 40 });
    expect(soon.headers.get('retry-after')).toBe('40');
    // Another number does not get around it.
    expect((await sendCode(a, '+212622000002')).status).toBe(429);
    server.advance(40_000);
    expect((await sendCode(a, '+212622000001')).status).toBe(200);
    // The new code replaced the old one.
    expect(await codeRows(a.userId)).toHaveLength(1);
    const second = lastCode('+212622000001');
    if (second !== first) {
      expect((await verify(a, '+212622000001', first)).body.code).toBe('INVALID_CODE');
    }
    expect((await verify(a, '+212622000001', second)).status).toBe(200);
  });

  it('is 401 for a guest', async () => {
    const res = await sendCode(null, '+212622000003');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/user/phone/verify', () => {
  it('verifies the phone with the right code, deletes the code and answers the user', async () => {
    const a = await registerBuyer(server, 'verify');
    const before = await userRow(server, a.userId);
    await sendCode(a, '0711223344');
    const res = await verify(a, '+212 711 223 344', lastCode('+212711223344'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Phone number verified' });
    expect(res.body.user).toMatchObject({ id: a.userId, phone: '+212711223344', phone_verified: true });
    expect(await codeRows(a.userId)).toEqual([]);
    const after = await userRow(server, a.userId);
    expect(after).toEqual({ ...before, phone: '+212711223344', phone_verified_at: expect.any(Number), updated_at: expect.any(Number) });
    // Used once only.
    const again = await verify(a, '+212711223344', lastCode('+212711223344'));
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('CODE_EXPIRED');
  });

  it('counts wrong codes (INVALID_CODE with attempts_left) and voids the code at the fifth', async () => {
    const a = await registerBuyer(server, 'tries');
    const phone = '+212633000001';
    await sendCode(a, phone);
    const code = lastCode(phone);
    for (let left = 4; left >= 1; left--) {
      const res = await verify(a, phone, wrongCode(code));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid verification code', attempts_left: left });
    }
    const fifth = await verify(a, phone, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Please request a new code.' });
    // Void: even the right code no longer works, and nothing was set.
    const right = await verify(a, phone, code);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await userRow(server, a.userId)).phone).toBeNull();
    // A new code (after the resend wait) starts over.
    server.advance(60_000);
    await sendCode(a, phone);
    expect((await verify(a, phone, lastCode(phone))).status).toBe(200);
  });

  it('counts a malformed code or a code for another number as a wrong try', async () => {
    const a = await registerBuyer(server, 'other');
    await sendCode(a, '+212644000001');
    const code = lastCode('+212644000001');
    const otherNumber = await verify(a, '+212644000002', code);
    expect(otherNumber.body).toMatchObject({ code: 'INVALID_CODE', attempts_left: 4 });
    const letters = await verify(a, '+212644000001', 'abcdef');
    expect(letters.body).toMatchObject({ code: 'INVALID_CODE', attempts_left: 3 });
    expect((await userRow(server, a.userId)).phone).toBeNull();
    // Spaces inside the typed code are fine.
    expect((await verify(a, '+212644000001', `${code.slice(0, 3)} ${code.slice(3)}`)).status).toBe(200);
  });

  it('refuses an expired code with CODE_EXPIRED and removes it', async () => {
    const a = await registerBuyer(server, 'expired');
    await sendCode(a, '+212655000001');
    server.advance(600_000);
    const res = await verify(a, '+212655000001', lastCode('+212655000001'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'The verification code has expired' });
    expect(await codeRows(a.userId)).toEqual([]);
    expect((await userRow(server, a.userId)).phone_verified_at).toBeNull();
  });

  it('answers CODE_EXPIRED when no code was ever sent', async () => {
    const a = await registerBuyer(server, 'never');
    const res = await verify(a, '+212655000002', '123456');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CODE_EXPIRED');
  });

  it("never accepts another user's code", async () => {
    const a = await registerBuyer(server, 'codeA');
    const b = await registerBuyer(server, 'codeB');
    await sendCode(a, '+212666000001');
    const res = await verify(b, '+212666000001', lastCode('+212666000001'));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CODE_EXPIRED');
    expect((await userRow(server, b.userId)).phone).toBeNull();
    expect((await codeRows(a.userId))[0]?.attempts).toBe(0);
  });

  it('validates phone and code', async () => {
    const a = await registerBuyer(server, 'verifybad');
    for (const [body, message] of [
      [{ code: '123456' }, 'The phone field is required.'],
      [{ phone: 'nope', code: '123456' }, 'The phone must be a valid phone number.'],
      [{ phone: '+212677000001' }, 'The code field is required.'],
      [{ phone: '+212677000001', code: 123456 }, 'The code must be a string.'],
      [{ phone: '+212677000001', code: '1'.repeat(33) }, 'The code may not be greater than 32 characters.'],
    ] as const) {
      const res = await call<ErrorBody>(server, 'POST', '/api/user/phone/verify', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    }
  });

  it('is 401 for a guest', async () => {
    const res = await verify(null, '+212677000002', '123456');
    expect(res.status).toBe(401);
  });
});
