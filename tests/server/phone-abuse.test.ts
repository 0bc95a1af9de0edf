/**
 * SMS abuse (M5): codes go only to the seven served countries, and at most
 * `phoneNumber` codes an hour to one number whoever asks (counted in the
 * database): 429 PHONE_NUMBER_LIMIT with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerBuyer, startAccountServer, userRow, type AccountServer, type ErrorBody } from './support/account-server';

let server: AccountServer;
beforeAll(async () => {
  const wide = { max: 1_000, windowMs: 3_600_000 };
  server = await startAccountServer({
    products: 0,
    rateLimits: { phoneSend: wide, phoneVerify: wide, register: wide, loginIp: wide, login: wide, phoneNumber: { max: 3, windowMs: 3_600_000 } },
  });
});
afterAll(async () => {
  await server?.close();
});

const send = (token: string, phone: string) => call<ErrorBody & { retry_after?: number }>(server, 'POST', '/api/user/phone/send-code', { token, body: { phone } });

describe('verification codes per destination number', () => {
  it('sends at most 3 codes an hour to one number across all users, then 429 PHONE_NUMBER_LIMIT; other numbers still get theirs', async () => {
    const number = '+212655123456';
    for (let i = 0; i < 3; i++) {
      const u = await registerBuyer(server, `num${i}`);
      expect((await send(u.token, number)).status).toBe(200);
    }
    const late = await registerBuyer(server, 'numlate');
    const refused = await send(late.token, number);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'PHONE_NUMBER_LIMIT', message: 'Too many codes were sent to this number. Please try again later.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(refused.body.retry_after).toBe(retryAfter);
    expect(server.sms.filter((m) => m.to === number)).toHaveLength(3);
    // The refused request left no code behind for that user.
    expect(await server.db.kysely.selectFrom('phone_codes').select('id').where('user_id', '=', late.userId).execute()).toEqual([]);

    expect((await send(late.token, '+212655123457')).status).toBe(200);

    server.advance(3_600_000 + 1_000);
    const later = await registerBuyer(server, 'numnext');
    expect((await send(later.token, number)).status).toBe(200);
  });
});

describe('served countries only', () => {
  it.each([['+212612345678'], ['0612345678'], ['+966501234567'], ['+971501234567'], ['+97433123456'], ['+96550123456'], ['+97336123456'], ['+96891234567']])(
    'sends a code to %s',
    async (phone) => {
      const u = await registerBuyer(server, 'country');
      expect((await send(u.token, phone)).status).toBe(200);
    },
  );

  it.each([['+33612345678'], ['+14155550123'], ['+447700900123'], ['+2126']])('refuses %s with "The selected phone is invalid." and sends nothing', async (phone) => {
    const u = await registerBuyer(server, 'abroad');
    const before = await userRow(server, u.userId);
    const sent = server.sms.length;
    const res = await send(u.token, phone);
    expect(res.status).toBe(422);
    const message = phone === '+2126' ? 'The phone must be a valid phone number.' : 'The selected phone is invalid.';
    expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    expect(res.body.errors).toEqual([{ parameter: 'phone', message }]);
    const verify = await call<ErrorBody>(server, 'POST', '/api/user/phone/verify', { token: u.token, body: { phone, code: '123456' } });
    expect(verify.status).toBe(422);
    expect(verify.body.errors).toEqual([{ parameter: 'phone', message }]);
    expect(server.sms.length).toBe(sent);
    expect(await userRow(server, u.userId)).toEqual(before);
  });
});
