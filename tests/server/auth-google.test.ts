/**
 * Google sign-in with a verifier built on google-auth-library and a local RSA key (no network):
 * not configured → 503; new identity → 201; known identity → 200; a password account's email → 409;
 * a bad token → 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, fakeGoogle, postJson, registerUser, startAuthServer, uniqueEmail, type AuthServer } from '../helpers/auth';

const google = fakeGoogle();
let server: AuthServer;
let plain: AuthServer;
beforeAll(async () => {
  [server, plain] = await Promise.all([
    startAuthServer({ products: 0, auth: { google: google.verifier, googleClientId: google.clientId } }),
    startAuthServer({ products: 0 }),
  ]);
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
});

interface GoogleAnswer {
  status: string;
  message: string;
  code?: string;
  token: string;
  payload: { email: string; sub: string; name: string };
  user: { id: number; email: string; role: string; has_password: boolean; google_linked: boolean; first_name: string; last_name: string };
}

const verify = (base: string, credential: unknown) => postJson<GoogleAnswer>(base, '/api/auth/verify-google-token', { credential });
let subs = 0;
const newSub = () => `1${String(Date.now())}${++subs}`;

describe('Google not configured', () => {
  it('answers 503 GOOGLE_NOT_CONFIGURED, and /api/auth/config says so', async () => {
    const res = await verify(plain.url, google.idToken({ sub: newSub(), email: uniqueEmail() }));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Google sign-in is not configured on this server.' });
    const viaLogin = await postJson(plain.url, '/api/auth/login', { email: 'a@b.test', is_google_auth: true, google_id: '1', credential: 'x' });
    expect(viaLogin.status).toBe(503);
    const config = await fetch(`${plain.url}/api/auth/config`);
    expect(await config.json()).toEqual({ google: { configured: false, client_id: null } });
    expect(config.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Google configured', () => {
  it('/api/auth/config gives the client id', async () => {
    const config = await fetch(`${server.url}/api/auth/config`);
    expect(await config.json()).toEqual({ google: { configured: true, client_id: google.clientId } });
  });

  it('a new identity creates a buyer without a password (201), and signs in again (200)', async () => {
    const sub = newSub();
    const email = uniqueEmail('google');
    const first = await verify(server.url, google.idToken({ sub, email, name: 'Salma Google Bennani' }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'success',
      payload: { email, sub, name: 'Salma Google Bennani' },
      user: { email, role: 'user', has_password: false, google_linked: true, first_name: 'Salma', last_name: 'Google Bennani' },
    });
    expect((await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(first.body.token) })).status).toBe(200);

    const again = await verify(server.url, google.idToken({ sub, email, name: 'Salma Google Bennani' }));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.token).not.toBe(first.body.token);
  });

  it('the login route takes the Google path with is_google_auth', async () => {
    const sub = newSub();
    const email = uniqueEmail('google');
    const res = await postJson<GoogleAnswer>(server.url, '/api/auth/login', {
      email,
      is_google_auth: true,
      google_id: sub,
      credential: google.idToken({ sub, email }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'success', payload: { sub, email }, user: { email } });
    expect(typeof res.body.token).toBe('string');
  });

  it('the email of a password account → 409 with the spec text, and no account is changed', async () => {
    const reg = await registerUser(server.url);
    const res = await verify(server.url, google.idToken({ sub: newSub(), email: reg.email }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GOOGLE_EMAIL_EXISTS', message: 'An account with this email already exists. Please log in instead.' });
    const row = await server.db.kysely.selectFrom('users').select('google_sub').where('id', '=', reg.user.id).executeTakeFirstOrThrow();
    expect(row.google_sub).toBeNull();
  });

  it('a bad token → 401 "Google authentication failed": forged signature, other audience, expired, unverified email, junk', async () => {
    const other = fakeGoogle(google.clientId);
    const email = uniqueEmail('google');
    const bad = [
      other.idToken({ sub: newSub(), email }),
      google.idToken({ sub: newSub(), email, aud: 'someone-else.apps.googleusercontent.com' }),
      google.idToken({ sub: newSub(), email, exp: Math.floor(Date.now() / 1000) - 600 }),
      google.idToken({ sub: newSub(), email, email_verified: false }),
      'not-a-jwt',
      'a.b.c',
    ];
    for (const credential of bad) {
      const res = await verify(server.url, credential);
      expect(res.status, credential.slice(0, 30)).toBe(401);
      expect(res.body).toMatchObject({ code: 'GOOGLE_AUTH_FAILED', message: 'Google authentication failed' });
    }
    const count = await server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(count).toEqual([]);
  });

  it('validates the body: credential required', async () => {
    const res = await postJson(server.url, '/api/auth/verify-google-token', {});
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: 'The credential field is required.' });
  });
});
