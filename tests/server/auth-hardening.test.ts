/**
 * Security review fixes of issue 3 (docs/ACCOUNTS.md): logout ends the cookie
 * sessions minted from a bearer token (H1); login is limited per client IP, per
 * email in the database (shared by instances, reset by a success) and Google
 * attempts through /login count against the Google limit (H2, L3); set-cookie
 * is rate limited (M4); password guesses of the profile and password routes
 * share one counter (L4).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../../src/server/auth/rate-limits';
import {
  authHeaders,
  cookieSession,
  fakeGoogle,
  postJson,
  registerUser,
  requestJson,
  startAuthServer,
  uniqueEmail,
  type AuthServer,
  type AuthServerOptions,
} from '../helpers/auth';

const servers: AuthServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function start(opts: AuthServerOptions = {}): Promise<AuthServer> {
  const s = await startAuthServer({ products: 0, ...opts });
  servers.push(s);
  return s;
}

/** Limits generous enough not to interfere, with `only` tightened. */
function limits(only: Partial<RateLimits>): Partial<RateLimits> {
  const wide = { max: 1_000, windowMs: 60_000 };
  return { login: wide, loginIp: wide, google: wide, setCookie: wide, password: wide, register: wide, ...only };
}

const profileWith = (base: string, headers: Record<string, string>) => requestJson(base, 'GET', '/api/user/profile', undefined, headers);

describe('logout ends the cookie sessions of a bearer session (H1)', () => {
  it('logout with the bearer token and the cookie: the old cookie is refused afterwards (401)', async () => {
    const s = await start();
    const a = await registerUser(s.url);
    const jar = await cookieSession(s.url, a.token);
    const cookieOnly = { cookie: `souk_session=${jar.session}` };
    expect((await profileWith(s.url, cookieOnly)).status).toBe(200);

    const out = await postJson(s.url, '/api/auth/logout', undefined, { ...authHeaders(a.token), cookie: jar.headers.cookie ?? '' });
    expect(out.status).toBe(200);
    expect((await profileWith(s.url, cookieOnly)).status).toBe(401);
    expect((await profileWith(s.url, authHeaders(a.token))).status).toBe(401);
  });

  it('a cookie minted with set-cookie {token} dies when that token logs out, even when the logout carries no cookie', async () => {
    const s = await start();
    const victim = await registerUser(s.url);
    // Whoever held the token minted a 7-day cookie of their own.
    const stolen = await cookieSession(s.url, victim.token);
    const row = await s.db.kysely.selectFrom('sessions').select(['kind', 'parent_session_id']).where('kind', '=', 'cookie').where('user_id', '=', victim.user.id).executeTakeFirstOrThrow();
    expect(row.parent_session_id).toEqual(expect.any(String));

    expect((await postJson(s.url, '/api/auth/logout', undefined, authHeaders(victim.token))).status).toBe(200);
    expect((await profileWith(s.url, { cookie: `souk_session=${stolen.session}` })).status).toBe(401);
  });

  it('logging out with the cookie ends the bearer session it came from; other sessions of the user stay', async () => {
    const s = await start();
    const a = await registerUser(s.url);
    const other = await postJson<{ token: string }>(s.url, '/api/auth/login', { email: a.email, password: a.password });
    const jar = await cookieSession(s.url, a.token);
    expect((await postJson(s.url, '/api/auth/logout', undefined, jar.headers)).status).toBe(200);
    expect((await profileWith(s.url, authHeaders(a.token))).status).toBe(401);
    expect((await profileWith(s.url, { cookie: `souk_session=${jar.session}` })).status).toBe(401);
    expect((await profileWith(s.url, authHeaders(other.body.token))).status).toBe(200);
  });
});

describe('login throttling (H2, L3)', () => {
  it('limits login attempts per client IP, whatever the email', async () => {
    const s = await start({ auth: { rateLimits: limits({ loginIp: { max: 3, windowMs: 60_000 } }) } });
    for (let i = 0; i < 3; i++) expect((await postJson(s.url, '/api/auth/login', { email: uniqueEmail('ip'), password: 'wrong password' })).status).toBe(422);
    const refused = await postJson(s.url, '/api/auth/login', { email: uniqueEmail('ip'), password: 'wrong password' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('locks an email after its failures (429 with Retry-After, even with the right password), on every instance, until the window ends', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const rateLimits = limits({ loginFailures: { max: 3, windowMs: 15 * 60_000 } });
    const s = await start({ auth: { rateLimits, now } });
    const a = await registerUser(s.url);
    for (let i = 0; i < 3; i++) expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: 'wrong password' })).status).toBe(422);

    const locked = await postJson(s.url, '/api/auth/login', { email: a.email.toUpperCase(), password: a.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // A second instance on the same database sees the same count.
    const twin = await start({ dbUrl: s.dbUrl, auth: { rateLimits, now } });
    expect((await postJson(twin.url, '/api/auth/login', { email: a.email, password: a.password })).status).toBe(429);
    // Other emails are unaffected.
    const b = await registerUser(s.url);
    expect((await postJson(s.url, '/api/auth/login', { email: b.email, password: b.password })).status).toBe(200);

    offset += 15 * 60_000 + 1_000;
    expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: a.password })).status).toBe(200);
  });

  it('locks an unknown email the same way (nothing tells it from a known one)', async () => {
    const s = await start({ auth: { rateLimits: limits({ loginFailures: { max: 2, windowMs: 60_000 } }) } });
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 2; i++) expect((await postJson(s.url, '/api/auth/login', { email, password: 'wrong password' })).status).toBe(422);
    expect((await postJson(s.url, '/api/auth/login', { email, password: 'wrong password' })).status).toBe(429);
  });

  it('a successful login resets the failure count of its email', async () => {
    const s = await start({ auth: { rateLimits: limits({ loginFailures: { max: 3, windowMs: 60_000 } }) } });
    const a = await registerUser(s.url);
    for (let i = 0; i < 2; i++) expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: 'wrong password' })).status).toBe(422);
    expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: a.password })).status).toBe(200);
    expect(await s.db.kysely.selectFrom('login_failures').selectAll().where('email', '=', a.email.toLowerCase()).execute()).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: 'wrong password' })).status).toBe(422);
    expect((await postJson(s.url, '/api/auth/login', { email: a.email, password: a.password })).status).toBe(429);
  });

  it('Google attempts through /api/auth/login count against the Google limit, shared with /verify-google-token', async () => {
    const google = fakeGoogle();
    const s = await start({ auth: { google: google.verifier, rateLimits: limits({ google: { max: 2, windowMs: 60_000 }, login: { max: 2, windowMs: 60_000 } }) } });
    const attempt = { email: 'x@example.test', is_google_auth: true, google_id: '1', credential: 'junk' };
    for (let i = 0; i < 2; i++) expect((await postJson(s.url, '/api/auth/login', attempt)).status).toBe(401);
    expect((await postJson(s.url, '/api/auth/login', attempt)).status).toBe(429);
    expect((await postJson(s.url, '/api/auth/verify-google-token', { credential: 'junk' })).status).toBe(429);
    // The password path of the same email has its own counter.
    expect((await postJson(s.url, '/api/auth/login', { email: 'x@example.test', password: 'wrong password' })).status).toBe(422);
  });
});

describe('other limits (M4, L4)', () => {
  it('limits POST /api/auth/set-cookie per client IP', async () => {
    const s = await start({ auth: { rateLimits: limits({ setCookie: { max: 2, windowMs: 60_000 } }) } });
    const a = await registerUser(s.url);
    for (let i = 0; i < 2; i++) expect((await postJson(s.url, '/api/auth/set-cookie', { token: a.token })).status).toBe(200);
    const refused = await postJson(s.url, '/api/auth/set-cookie', { token: a.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts password guesses of the profile route (current_password) and the password route against one limit', async () => {
    const s = await start({ auth: { rateLimits: limits({ password: { max: 3, windowMs: 60_000 } }) } });
    const a = await registerUser(s.url);
    const headers = authHeaders(a.token);
    const guessByEmail = () => postJson(s.url, '/api/user/profile', { email: uniqueEmail('new'), current_password: 'guess guess' }, headers);
    const guessByPassword = () => postJson(s.url, '/api/user/password', { current_password: 'guess guess', password: 'new password 1', password_confirmation: 'new password 1' }, headers);
    expect((await guessByEmail()).status).toBe(422);
    expect((await guessByEmail()).status).toBe(422);
    expect((await guessByPassword()).status).toBe(422);
    expect((await guessByPassword()).status).toBe(429);
    expect((await guessByEmail()).status).toBe(429);
    // An update without a guess is not limited.
    expect((await postJson(s.url, '/api/user/profile', { first_name: 'Still' }, headers)).status).toBe(200);
  });
});
