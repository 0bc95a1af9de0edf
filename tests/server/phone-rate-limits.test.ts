/** send-code and verify are rate limited per client (429 TOO_MANY_REQUESTS with Retry-After), on top of the per-code rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerBuyer, startAccountServer, type AccountServer, type ErrorBody } from './support/account-server';

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({
    products: 0,
    rateLimits: { phoneSend: { max: 2, windowMs: 60_000 }, phoneVerify: { max: 3, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await server?.close();
});

function expectLimited(res: { status: number; headers: Headers; body: ErrorBody }) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('phone rate limits', () => {
  it('limits send-code', async () => {
    const a = await registerBuyer(server, 'sendlimit');
    for (let i = 0; i < 2; i++) {
      const res = await call(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: 'bad' } });
      expect(res.status).toBe(422);
    }
    expectLimited(await call<ErrorBody>(server, 'POST', '/api/user/phone/send-code', { token: a.token, body: { phone: '+212600000001' } }));
  });

  it('limits verify', async () => {
    const a = await registerBuyer(server, 'verifylimit');
    for (let i = 0; i < 3; i++) {
      const res = await call(server, 'POST', '/api/user/phone/verify', { token: a.token, body: { phone: '+212600000001', code: '000000' } });
      expect(res.status).toBe(422);
    }
    expectLimited(
      await call<ErrorBody>(server, 'POST', '/api/user/phone/verify', { token: a.token, body: { phone: '+212600000001', code: '000000' } }),
    );
  });
});
