/** Session tokens: the signed format, tampering, expiry 24 h after issue (injected clock), and revocation by logout. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readToken, signToken } from '../../src/server/auth/tokens';
import { authHeaders, postJson, registerUser, startAuthServer, type AuthServer } from '../helpers/auth';

const SECRET = 'token-test-secret-0123456789abcdef0123';
const HOUR = 3_600_000;

describe('signToken / readToken', () => {
  const claims = { sid: 'abc', uid: 7, iat: 1_000, exp: 1_000 + 24 * HOUR };

  it('is base64url(JSON {v:1, sid, uid, iat, exp}) "." base64url(HMAC-SHA256)', () => {
    const token = signToken(SECRET, claims);
    const [body, mac] = token.split('.');
    expect(JSON.parse(Buffer.from(body ?? '', 'base64url').toString())).toEqual({ v: 1, ...claims });
    expect(Buffer.from(mac ?? '', 'base64url')).toHaveLength(32);
    expect(readToken(SECRET, token, 2_000)).toEqual({ v: 1, ...claims });
  });

  it('refuses a changed payload, a changed MAC, another secret and junk', () => {
    const token = signToken(SECRET, claims);
    const [body = '', mac = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ v: 1, ...claims, uid: 8 })).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('A') ? 'B' : 'A'}${mac.slice(-1)}`;
    for (const bad of [`${forged}.${mac}`, `${body}.${flipped}`, `${body}.`, body, `${token}.x`, '', '.', 'a.b', 'x'.repeat(5000)]) {
      expect(readToken(SECRET, bad, 2_000), bad.slice(0, 40)).toBeNull();
    }
    expect(readToken('another-secret-0123456789abcdef0123456', token, 2_000)).toBeNull();
  });

  it('expires at exp', () => {
    const token = signToken(SECRET, claims);
    expect(readToken(SECRET, token, claims.exp - 1)).not.toBeNull();
    expect(readToken(SECRET, token, claims.exp)).toBeNull();
  });
});

describe('tokens over HTTP', () => {
  let server: AuthServer;
  let clock = Date.UTC(2025, 0, 15, 12);
  beforeAll(async () => {
    server = await startAuthServer({ products: 0, auth: { now: () => clock } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const profile = (token: string) => fetch(`${server.url}/api/user/profile`, { headers: authHeaders(token) });

  it('answers expires_at 24 h after issue, works until then and is refused from then on', async () => {
    clock = Date.UTC(2025, 0, 15, 12);
    const { token, body } = await registerUser(server.url);
    expect(body.expires_at).toBe(new Date(clock + 24 * HOUR).toISOString());
    expect((await profile(token)).status).toBe(200);
    clock += 24 * HOUR - 1;
    expect((await profile(token)).status).toBe(200);
    clock += 1;
    const expired = await profile(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ success: false, status: 'error', code: 'UNAUTHENTICATED', message: 'Unauthenticated.' });
  });

  it('refuses a tampered token with 401 on a protected route, and a malformed Authorization header too', async () => {
    clock = Date.now();
    const { token } = await registerUser(server.url);
    const [body = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { uid: number };
    const other = Buffer.from(JSON.stringify({ ...claims, uid: claims.uid + 1 })).toString('base64url');
    for (const bad of [`${other}.${mac}`, `${body}.${mac.slice(1)}`, 'nonsense']) expect((await profile(bad)).status).toBe(401);
    const basic = await fetch(`${server.url}/api/user/profile`, { headers: { authorization: `Basic ${token}` } });
    expect(basic.status).toBe(401);
  });

  it('is revoked by logout: the same token is then refused', async () => {
    clock = Date.now();
    const { token } = await registerUser(server.url);
    const other = await registerUser(server.url);
    const out = await postJson(server.url, '/api/auth/logout', undefined, authHeaders(token));
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'success', message: 'Logged out successfully' });
    expect((await profile(token)).status).toBe(401);
    expect((await postJson(server.url, '/api/auth/logout', undefined, authHeaders(token))).status).toBe(401);
    // Only the presenting session ends.
    expect((await profile(other.token)).status).toBe(200);
  });
});
