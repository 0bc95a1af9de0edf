/**
 * The account routes with the login cookie instead of a bearer token: reads
 * work, writes need the XSRF header (419 without, nothing written), and a
 * cookie-session password change revokes the user's bearer sessions too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/account';
import { cookieSession, requestJson } from '../helpers/auth';
import { call, registerBuyer, startAccountServer, userRow, type AccountServer, type ErrorBody } from './support/account-server';

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('account routes over the login cookie', () => {
  it('reads the profile and writes with X-XSRF-TOKEN; refuses a write without it (419, nothing written)', async () => {
    const a = await registerBuyer(server, 'cookie');
    const jar = await cookieSession(server.url, a.token);
    const { 'x-xsrf-token': _xsrf, ...withoutXsrf } = jar.headers;

    const read = await requestJson<{ user: User }>(server.url, 'GET', '/api/user/profile', undefined, { cookie: jar.headers.cookie ?? '' });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body.user.id).toBe(a.userId);

    const before = await userRow(server, a.userId);
    const forged = await requestJson<ErrorBody>(server.url, 'POST', '/api/user/preferences', { newsletter: true }, withoutXsrf);
    expect(forged.status).toBe(419);
    expect(forged.body.code).toBe('CSRF_TOKEN_MISMATCH');
    const noAddress = await requestJson<ErrorBody>(server.url, 'POST', '/api/user/addresses', { type: 'billing', address: 'x', city: 'x', state: 'x', country: 'MA' }, withoutXsrf);
    expect(noAddress.status).toBe(419);
    expect(await userRow(server, a.userId)).toEqual(before);
    expect(await server.db.kysely.selectFrom('addresses').select('id').where('user_id', '=', a.userId).execute()).toEqual([]);

    const ok = await requestJson<{ user: User }>(server.url, 'POST', '/api/user/preferences', { newsletter: true }, jar.headers);
    expect(ok.status).toBe(200);
    expect(ok.body.user.preferences.newsletter).toBe(true);
  });

  it('a password change made with the cookie keeps the cookie session and revokes the bearer one', async () => {
    const a = await registerBuyer(server, 'cookiepw');
    const jar = await cookieSession(server.url, a.token);
    const res = await requestJson(
      server.url,
      'POST',
      '/api/user/password',
      { current_password: a.password, password: 'cookie new pw', password_confirmation: 'cookie new pw' },
      jar.headers,
    );
    expect(res.status).toBe(200);
    expect((await call(server, 'GET', '/api/user/profile', { token: a.token })).status).toBe(401);
    expect((await requestJson(server.url, 'GET', '/api/user/profile', undefined, { cookie: jar.headers.cookie ?? '' })).status).toBe(200);
  });
});
