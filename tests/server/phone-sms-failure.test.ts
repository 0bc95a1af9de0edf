/** A failing SMS provider: 502 SMS_FAILED, and no code row (nor resend wait) left behind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../src/server/sms/sms-sender';
import { call, registerBuyer, startAccountServer, type AccountServer, type ErrorBody } from './support/account-server';

let failing = true;
const sent: string[] = [];
const flaky: SmsSender = {
  name: 'flaky',
  async send(to, text) {
    if (failing) throw new Error('gateway down');
    sent.push(`${to} ${text}`);
  },
};

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ products: 0, sms: flaky });
});
afterAll(async () => {
  await server?.close();
});

describe('send-code with a failing SMS provider', () => {
  it('answers 502 SMS_FAILED, keeps no code, and lets the user retry at once', async () => {
    const a = await registerBuyer(server, 'smsfail');
    const res = await call<ErrorBody>(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '+212688000001' } });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, status: 'error', code: 'SMS_FAILED', message: 'Failed to send verification code' });
    expect(await server.db.kysely.selectFrom('phone_codes').selectAll().where('user_id', '=', a.userId).execute()).toEqual([]);

    failing = false;
    const retry = await call(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '+212688000001' } });
    expect(retry.status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('a failed resend also drops the earlier code it replaced (the user asks again; nothing stale stays valid)', async () => {
    failing = false;
    const a = await registerBuyer(server, 'smsreplace');
    await call(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '+212688000002' } });
    server.advance(60_000);
    failing = true;
    const res = await call<ErrorBody>(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '+212688000002' } });
    expect(res.status).toBe(502);
    expect(await server.db.kysely.selectFrom('phone_codes').selectAll().where('user_id', '=', a.userId).execute()).toEqual([]);
  });
});
