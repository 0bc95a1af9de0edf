/** The login cookie (POST/DELETE /api/auth/set-cookie) and CSRF on cookie sessions (Sanctum shape). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, cookieSession, csrfToken, postJson, registerUser, requestJson, setCookies, startAuthServer, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const profile = (headers: Record<string, string>) => fetch(`${server.url}/api/user/profile`, { headers });
const MISMATCH = { success: false, status: 'error', code: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.' };

describe('GET /api/auth/csrf-cookie and /api/csrf-cookie', () => {
  it('answer 204 with a script-readable XSRF-TOKEN cookie for 2 h', async () => {
    for (const path of ['/api/auth/csrf-cookie', '/api/csrf-cookie']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const cookie = setCookies(res.headers).get('XSRF-TOKEN');
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/);
      expect(cookie?.attributes).toMatch(/Max-Age=7200/);
      expect(cookie?.attributes).toMatch(/Path=\//);
      expect(cookie?.attributes).toMatch(/SameSite=Lax/);
      expect(cookie?.attributes).not.toMatch(/HttpOnly/i);
      expect(cookie?.attributes).not.toMatch(/Secure/);
    }
  });
});

describe('POST /api/auth/set-cookie', () => {
  it('trades a valid token for an HttpOnly, SameSite=Lax login cookie of 7 days', async () => {
    const { token } = await registerUser(server.url);
    const res = await postJson(server.url, '/api/auth/set-cookie', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Login cookie set' });
    const cookie = setCookies(res.headers).get('souk_session');
    expect(cookie?.value.length).toBeGreaterThan(40);
    expect(cookie?.value).not.toBe(token);
    for (const attribute of [/Max-Age=604800/, /Path=\//, /HttpOnly/, /SameSite=Lax/]) expect(cookie?.attributes).toMatch(attribute);
    expect(cookie?.attributes).not.toMatch(/Secure/);
    const claims = JSON.parse(Buffer.from(cookie?.value.split('.')[0] ?? '', 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3_600_000);
  });

  it('refuses a missing, invalid or revoked token with 401', async () => {
    const { token } = await registerUser(server.url);
    expect((await postJson(server.url, '/api/auth/set-cookie', {})).status).toBe(401);
    expect((await postJson(server.url, '/api/auth/set-cookie', { token: 'forged.token' })).status).toBe(401);
    await postJson(server.url, '/api/auth/logout', undefined, authHeaders(token));
    const revoked = await postJson(server.url, '/api/auth/set-cookie', { token });
    expect(revoked.status).toBe(401);
    expect(setCookies(revoked.headers).has('souk_session')).toBe(false);
  });

  it('the cookie session authenticates reads (GET /api/user/profile) without a bearer header', async () => {
    const reg = await registerUser(server.url);
    const jar = await cookieSession(server.url, reg.token);
    const res = await profile({ cookie: `souk_session=${jar.session}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { user: { id: number } }).user.id).toBe(reg.user.id);
  });

  it('a bearer header wins over the cookie, even an invalid one (the cookie is then ignored)', async () => {
    const reg = await registerUser(server.url);
    const other = await registerUser(server.url);
    const jar = await cookieSession(server.url, reg.token);
    const both = await profile({ cookie: `souk_session=${jar.session}`, ...authHeaders(other.token) });
    expect(((await both.json()) as { user: { id: number } }).user.id).toBe(other.user.id);
    expect((await profile({ cookie: `souk_session=${jar.session}`, authorization: 'Bearer nonsense' })).status).toBe(401);
    // A bearer token is not a login cookie, and the reverse.
    expect((await profile({ cookie: `souk_session=${reg.token}` })).status).toBe(401);
    expect((await profile(authHeaders(jar.session))).status).toBe(401);
  });

  it('DELETE clears the cookie and ends its session; logout over the cookie does too', async () => {
    const reg = await registerUser(server.url);
    const jar = await cookieSession(server.url, reg.token);
    const del = await requestJson(server.url, 'DELETE', '/api/auth/set-cookie', undefined, jar.headers);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ status: 'success', message: 'Login cookie cleared' });
    expect(setCookies(del.headers).get('souk_session')?.attributes).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await profile({ cookie: `souk_session=${jar.session}` })).status).toBe(401);
    // The bearer session it came from is untouched.
    expect((await profile(authHeaders(reg.token))).status).toBe(200);

    const jar2 = await cookieSession(server.url, reg.token);
    const out = await postJson(server.url, '/api/auth/logout', {}, jar2.headers);
    expect(out.status).toBe(200);
    expect(setCookies(out.headers).get('souk_session')?.value).toBe('');
    expect((await profile({ cookie: `souk_session=${jar2.session}` })).status).toBe(401);
  });
});

describe('CSRF on cookie sessions', () => {
  async function jar() {
    const reg = await registerUser(server.url);
    return { reg, ...(await cookieSession(server.url, reg.token)) };
  }
  const write = (headers: Record<string, string>) => postJson(server.url, '/api/user/preferences', { newsletter: true }, headers);

  it('a write with the login cookie and no X-XSRF-TOKEN → 419, and nothing changes', async () => {
    const j = await jar();
    const res = await write({ cookie: `souk_session=${j.session}; XSRF-TOKEN=${j.xsrf}` });
    expect(res.status).toBe(419);
    expect(res.body).toEqual(MISMATCH);
    const row = await server.db.kysely.selectFrom('users').select('newsletter').where('id', '=', j.reg.user.id).executeTakeFirstOrThrow();
    expect(row.newsletter).toBe(0);
  });

  it('a wrong header → 419; a forged cookie with a matching header → 419; no XSRF cookie → 419', async () => {
    const j = await jar();
    const other = await csrfToken(server.url);
    expect((await write({ cookie: `souk_session=${j.session}; XSRF-TOKEN=${j.xsrf}`, 'x-xsrf-token': decodeURIComponent(other) })).status).toBe(419);
    const forged = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    expect((await write({ cookie: `souk_session=${j.session}; XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged })).status).toBe(419);
    expect((await write({ cookie: `souk_session=${j.session}`, 'x-xsrf-token': j.xsrf })).status).toBe(419);
    expect((await write({ cookie: `souk_session=${j.session}; XSRF-TOKEN=${j.xsrf}`, 'x-xsrf-token': '%E0%A4%A' })).status).toBe(419);
  });

  it('a matching header passes, compared URL-decoded (as axios sends it)', async () => {
    const j = await jar();
    const ok = await write(j.headers);
    expect(ok.status).toBe(200);
    const encoded = await write({ ...j.headers, 'x-xsrf-token': encodeURIComponent(j.xsrf).replace(/\./g, '%2E') });
    expect(encoded.status).toBe(200);
  });

  it('bearer requests need no CSRF token, even with the login cookie present', async () => {
    const j = await jar();
    expect((await write(authHeaders(j.reg.token))).status).toBe(200);
    expect((await write({ ...authHeaders(j.reg.token), cookie: `souk_session=${j.session}` })).status).toBe(200);
  });

  it('reads and guests without the cookie are not checked', async () => {
    const j = await jar();
    expect((await profile({ cookie: `souk_session=${j.session}` })).status).toBe(200);
    expect((await postJson(server.url, '/api/auth/login', { email: j.reg.email, password: j.reg.password })).status).toBe(200);
  });
});
