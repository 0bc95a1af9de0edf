/** POST /api/user/password: the current password checked, the new one confirmed, every other session revoked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/account';
import { fakeGoogle } from '../helpers/auth';
import { call, login, registerBuyer, startAccountServer, userRow, type AccountServer, type ErrorBody } from './support/account-server';

interface UserReply {
  status: string;
  message: string;
  user: User;
}

const google = fakeGoogle();
let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ google: google.verifier });
});
afterAll(async () => {
  await server?.close();
});

const change = (token: string | null, body: unknown) => call<UserReply & ErrorBody>(server, 'POST', '/api/user/password', { token, body });
const profile = (token: string) => call<ErrorBody>(server, 'GET', '/api/user/profile', { token });

describe('POST /api/user/password', () => {
  it("changes the password, keeps the presenting session and revokes the user's others", async () => {
    const a = await registerBuyer(server, 'pw');
    const phone = await login(server, a.email, a.password);
    const laptop = await login(server, a.email, a.password);
    const b = await registerBuyer(server, 'bystander');

    const res = await change(a.token, { current_password: a.password, password: 'a brand new one', password_confirmation: 'a brand new one' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Password updated successfully' });
    expect(res.body.user).toMatchObject({ id: a.userId, has_password: true });

    expect((await profile(a.token)).status).toBe(200);
    for (const other of [phone, laptop]) {
      const gone = await profile(other);
      expect(gone.status).toBe(401);
      expect(gone.body.code).toBe('UNAUTHENTICATED');
    }
    // Another user's session is untouched.
    expect((await profile(b.token)).status).toBe(200);

    await expect(login(server, a.email, a.password)).rejects.toThrow(/422/);
    await expect(login(server, a.email, 'a brand new one')).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong current password with CURRENT_PASSWORD_WRONG, changing nothing and revoking nothing', async () => {
    const a = await registerBuyer(server, 'wrong');
    const other = await login(server, a.email, a.password);
    const before = await userRow(server, a.userId);
    const res = await change(a.token, { current_password: 'guess guess', password: 'a brand new one', password_confirmation: 'a brand new one' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: 'The current password is incorrect.' });
    expect(res.body.errors).toEqual([{ parameter: 'current_password', message: 'The current password is incorrect.' }]);
    expect(await userRow(server, a.userId)).toEqual(before);
    expect((await profile(other)).status).toBe(200);
  });

  it.each([
    [{ password: 'a brand new one', password_confirmation: 'a brand new one' }, 'current_password', 'The current password field is required.'],
    [{ current_password: '', password: 'a brand new one', password_confirmation: 'a brand new one' }, 'current_password', 'The current password field is required.'],
    [{ current_password: 'x', password_confirmation: 'a brand new one' }, 'password', 'The password field is required.'],
    [{ current_password: 'x', password: 'short', password_confirmation: 'short' }, 'password', 'The password must be at least 8 characters.'],
    [{ current_password: 'x', password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) }, 'password', 'The password may not be greater than 128 characters.'],
    [{ current_password: 'x', password: 'a brand new one' }, 'password_confirmation', 'The password confirmation field is required.'],
    [{ current_password: 'x', password: 'a brand new one', password_confirmation: 'a brand new two' }, 'password_confirmation', 'The password confirmation does not match.'],
    [{ current_password: 'x', password: 12345678, password_confirmation: 12345678 }, 'password', 'The password must be a string.'],
  ])('refuses %j: %s "%s"', async (body, parameter, message) => {
    const a = await registerBuyer(server, 'val');
    const before = await userRow(server, a.userId);
    const res = await change(a.token, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    expect(res.body.errors?.[0]).toEqual({ parameter, message });
    expect(await userRow(server, a.userId)).toEqual(before);
  });

  it('lets an account without a password (Google) set its first one with a fresh credential of its own Google account, not with the token alone', async () => {
    const a = await registerBuyer(server, 'google');
    await server.db.kysely.updateTable('users').set({ password_hash: null, google_sub: `g-${a.userId}` }).where('id', '=', a.userId).execute();
    const before = await userRow(server, a.userId);
    const body = { password: 'first password', password_confirmation: 'first password' };
    // A stolen token alone, or with someone else's (or a forged) Google credential: 403, nothing set.
    for (const credential of [undefined, '', google.idToken({ sub: 'g-somebody-else', email: a.email }), fakeGoogle().idToken({ sub: `g-${a.userId}`, email: a.email })]) {
      const refused = await change(a.token, { ...body, credential });
      expect(refused.status, String(credential)).toBe(403);
      expect(refused.body).toMatchObject({ code: 'REAUTH_REQUIRED', message: 'Please confirm it is you with Google first.' });
    }
    expect(await userRow(server, a.userId)).toEqual(before);
    const res = await change(a.token, { ...body, credential: google.idToken({ sub: `g-${a.userId}`, email: a.email }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ has_password: true, google_linked: true });
    await expect(login(server, a.email, 'first password')).resolves.toEqual(expect.any(String));
  });

  it('does not trim a new password (spaces are part of it)', async () => {
    const a = await registerBuyer(server, 'spaces');
    const res = await change(a.token, { current_password: a.password, password: '  padded pw  ', password_confirmation: '  padded pw  ' });
    expect(res.status).toBe(200);
    await expect(login(server, a.email, '  padded pw  ')).resolves.toEqual(expect.any(String));
  });

  it('is 401 for a guest', async () => {
    const res = await change(null, { password: 'a brand new one', password_confirmation: 'a brand new one' });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/user/password rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After past the limit', async () => {
    const limited = await startAccountServer({ products: 0, rateLimits: { password: { max: 2, windowMs: 60_000 } } });
    try {
      const a = await registerBuyer(limited, 'limited');
      const body = { current_password: 'wrong wrong', password: 'a brand new one', password_confirmation: 'a brand new one' };
      for (let i = 0; i < 2; i++) expect((await call(limited, 'POST', '/api/user/password', { token: a.token, body })).status).toBe(422);
      const res = await call<ErrorBody>(limited, 'POST', '/api/user/password', { token: a.token, body });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/user/profile rate limit', () => {
  it('counts only updates that carry current_password (password guesses) against the password limit', async () => {
    const limited = await startAccountServer({ products: 0, rateLimits: { password: { max: 2, windowMs: 60_000 } } });
    try {
      const a = await registerBuyer(limited, 'guesser');
      for (let i = 0; i < 5; i++) {
        expect((await call(limited, 'POST', '/api/user/profile', { token: a.token, body: { first_name: `N${i}` } })).status).toBe(200);
      }
      const guess = { email: `x-${a.email}`, current_password: 'wrong wrong' };
      for (let i = 0; i < 2; i++) expect((await call(limited, 'POST', '/api/user/profile', { token: a.token, body: guess })).status).toBe(422);
      const res = await call<ErrorBody>(limited, 'POST', '/api/user/profile', { token: a.token, body: guess });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('TOO_MANY_REQUESTS');
      expect((await userRow(limited, a.userId)).email).toBe(a.email);
      // Plain updates still pass.
      expect((await call(limited, 'POST', '/api/user/profile', { token: a.token, body: { last_name: 'Ok' } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
