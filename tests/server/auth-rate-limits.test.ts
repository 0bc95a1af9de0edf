/** Rate limits: 429 TOO_MANY_REQUESTS with Retry-After after the limit; login counts per IP and email. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, registerUser, startAuthServer, uniqueEmail, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({
    products: 0,
    auth: { rateLimits: { login: { max: 3, windowMs: 60_000 }, register: { max: 4, windowMs: 3_600_000 } } },
  });
});
afterAll(async () => {
  await server?.close();
});

const TOO_MANY = { success: false, status: 'error', code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };

describe('rate limits', () => {
  it('login: after the limit for one email, 429 with Retry-After; another email is still served', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) expect((await postJson(server.url, '/api/auth/login', { email, password: 'wrong password' })).status).toBe(422);
    // Same email in another case is the same key.
    const refused = await postJson(server.url, '/api/auth/login', { email: email.toUpperCase(), password: 'wrong password' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await postJson(server.url, '/api/auth/login', { email: uniqueEmail('other'), password: 'wrong password' })).status).toBe(422);
  });

  it('register: 429 after the limit per client IP, and the refused request creates nothing', async () => {
    // Registrations elsewhere in this file count too; fill up to the limit.
    let status = 201;
    let made = 0;
    while (status === 201 && made < 10) {
      status = (await postJson(server.url, '/api/auth/register', { email: uniqueEmail(), password: 'correct horse 1' })).status;
      if (status === 201) made += 1;
    }
    expect(made).toBeLessThanOrEqual(4);
    const email = uniqueEmail('refused');
    const res = await postJson(server.url, '/api/auth/register', { email, password: 'correct horse 1' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    expect(await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('are off with rateLimits: false (the test default)', async () => {
    const open = await startAuthServer({ products: 0 });
    try {
      const email = uniqueEmail();
      for (let i = 0; i < 15; i++) expect((await postJson(open.url, '/api/auth/login', { email, password: 'wrong password' })).status).toBe(422);
      const reg = await registerUser(open.url);
      expect(reg.token).toBeTruthy();
    } finally {
      await open.close();
    }
  });
});
