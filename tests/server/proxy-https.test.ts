/**
 * Behind a proxy (M1, M2): TRUST_PROXY decides whether X-Forwarded-Proto and
 * X-Forwarded-For count. Cookies are Secure on https (or always, in
 * production); Strict-Transport-Security is sent on https responses only; rate
 * limits key IPv4 clients by address and IPv6 clients by their /64.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { postJson, registerUser, setCookies, startAuthServer, uniqueEmail, type AuthServer, type AuthServerOptions } from '../helpers/auth';

const servers: AuthServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function start(opts: AuthServerOptions): Promise<AuthServer> {
  const s = await startAuthServer({ products: 0, ...opts });
  servers.push(s);
  return s;
}

const HSTS = 'max-age=31536000; includeSubDomains';

async function loginCookie(s: AuthServer, headers: Record<string, string>) {
  const a = await registerUser(s.url);
  const res = await postJson(s.url, '/api/auth/set-cookie', { token: a.token }, headers);
  expect(res.status).toBe(200);
  const cookie = setCookies(res.headers).get('souk_session');
  expect(cookie).toBeDefined();
  return { attributes: cookie?.attributes ?? '', hsts: res.headers.get('strict-transport-security') };
}

describe('TRUST_PROXY, Secure cookies and HSTS', () => {
  it('without a trusted proxy, X-Forwarded-Proto is ignored: no Secure, no HSTS', async () => {
    const s = await start({});
    const { attributes, hsts } = await loginCookie(s, { 'x-forwarded-proto': 'https' });
    expect(attributes).not.toMatch(/Secure/i);
    expect(hsts).toBeNull();
  });

  it('with a trusted proxy, https per X-Forwarded-Proto makes the cookies Secure and adds HSTS; plain http gets neither', async () => {
    const s = await start({ trustProxy: ['127.0.0.1'] });
    const https = await loginCookie(s, { 'x-forwarded-proto': 'https' });
    expect(https.attributes).toMatch(/(^|; *)Secure(;|$)/i);
    expect(https.hsts).toBe(HSTS);
    const csrf = await fetch(`${s.url}/api/auth/csrf-cookie`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookies(csrf.headers).get('XSRF-TOKEN')?.attributes).toMatch(/Secure/i);

    const http = await loginCookie(s, {});
    expect(http.attributes).not.toMatch(/Secure/i);
    expect(http.hsts).toBeNull();
    expect((await fetch(`${s.url}/api/health`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('a hop count trusts the nearest proxy too', async () => {
    const s = await start({ trustProxy: 1 });
    expect((await loginCookie(s, { 'x-forwarded-proto': 'https' })).hsts).toBe(HSTS);
  });

  it('cookies are always Secure in production (secureCookies), even over http', async () => {
    const s = await start({ auth: { secureCookies: true } });
    expect((await loginCookie(s, {})).attributes).toMatch(/Secure/i);
  });

  it('rate limits key clients by X-Forwarded-For when trusted: IPv4 per address, IPv6 per /64, mapped IPv4 as IPv4', async () => {
    const wide = { max: 1_000, windowMs: 60_000 };
    const s = await start({ trustProxy: 1, auth: { rateLimits: { login: wide, loginIp: { max: 2, windowMs: 60_000 } } } });
    const attempt = (ip: string) => postJson(s.url, '/api/auth/login', { email: uniqueEmail('xff'), password: 'wrong password' }, { 'x-forwarded-for': ip });

    expect((await attempt('203.0.113.1')).status).toBe(422);
    expect((await attempt('::ffff:203.0.113.1')).status).toBe(422);
    expect((await attempt('203.0.113.1')).status).toBe(429);
    expect((await attempt('203.0.113.2')).status).toBe(422);

    expect((await attempt('2001:db8:5:6::1')).status).toBe(422);
    expect((await attempt('2001:db8:5:6:ffff::2')).status).toBe(422);
    expect((await attempt('2001:db8:5:6::3')).status).toBe(429);
    expect((await attempt('2001:db8:5:7::1')).status).toBe(422);
  });
});
