/** GET/POST /api/user/profile: the owner's user object, partial updates, unique names, email change guarded by the password. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/account';
import { fakeGoogle } from '../helpers/auth';
import {
  call,
  login,
  registerBuyer,
  startAccountServer,
  userRow,
  type AccountServer,
  type ErrorBody,
} from './support/account-server';

interface UserReply {
  status: string;
  message?: string;
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

const update = (token: string, body: unknown) => call<UserReply & ErrorBody>(server, 'POST', '/api/user/profile', { token, body });

describe('GET /api/user/profile', () => {
  it("answers the owner's user object, no-store", async () => {
    const a = await registerBuyer(server, 'amina');
    const res = await call<UserReply>(server, 'GET', '/api/user/profile', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.status).toBe('success');
    expect(res.body.user).toMatchObject({ id: a.userId, email: a.email, role: 'user', has_password: true, shop: null });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|scrypt\$/);
  });

  it('is 401 for a guest and for a made-up token', async () => {
    for (const token of [null, 'not.a-token']) {
      const res = await call<ErrorBody>(server, 'GET', '/api/user/profile', { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Unauthenticated.' });
    }
  });
});

describe('POST /api/user/profile', () => {
  it('updates only the names given and answers the new user', async () => {
    const a = await registerBuyer(server, 'names');
    const res = await update(a.token, { first_name: '  Salma ', full_name_ar: 'سلمى' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.user).toMatchObject({ first_name: 'Salma', last_name: 'Test', name: 'Salma Test', full_name_ar: 'سلمى' });
    const again = await call<UserReply>(server, 'GET', '/api/user/profile', { token: a.token });
    expect(again.body.user.first_name).toBe('Salma');
  });

  it('ignores role, id, phone, password_hash and any other field (no mass assignment)', async () => {
    const a = await registerBuyer(server, 'mass');
    const before = await userRow(server, a.userId);
    const res = await update(a.token, {
      role: 'admin',
      id: 1,
      phone: '+212600000000',
      phone_verified_at: 1,
      password_hash: 'scrypt$4$8$1$AAAA$BBBB',
      google_sub: 'sub-1',
      created_at: 0,
      last_name: 'Changed',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: a.userId, role: 'user', phone: null, phone_verified: false, google_linked: false });
    const after = await userRow(server, a.userId);
    expect(after).toEqual({ ...before, last_name: 'Changed', updated_at: after.updated_at });
    // The password still works: the hash was not replaced.
    await expect(login(server, a.email, a.password)).resolves.toEqual(expect.any(String));
  });

  it('lowercases and trims a username, and refuses a malformed one', async () => {
    const a = await registerBuyer(server, 'uname');
    const name = `Amina.B-${Date.now().toString(36)}`.slice(0, 30);
    const ok = await update(a.token, { username: `  ${name}  ` });
    expect(ok.status).toBe(200);
    expect(ok.body.user.username).toBe(name.toLowerCase());
    const before = await userRow(server, a.userId);
    for (const [bad, message] of [
      ['ab', 'The selected username is invalid.'],
      ['has space', 'The selected username is invalid.'],
      ['émile', 'The selected username is invalid.'],
      ['x'.repeat(31), 'The username may not be greater than 30 characters.'],
      ['   ', 'The username field is required.'],
      [42, 'The username must be a string.'],
    ] as const) {
      const res = await update(a.token, { username: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body).toMatchObject({ success: false, status: 'error', code: 'VALIDATION', message });
      expect(res.body.errors).toEqual([{ parameter: 'username', message }]);
    }
    expect(await userRow(server, a.userId)).toEqual(before);
  });

  it("refuses someone else's username with USERNAME_TAKEN (whatever its case) and changes nothing", async () => {
    const a = await registerBuyer(server, 'ua');
    const b = await registerBuyer(server, 'ub');
    const before = await userRow(server, a.userId);
    const res = await update(a.token, { username: b.user.username.toUpperCase(), first_name: 'Nope' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'The username has already been taken.' });
    expect(res.body.errors).toEqual([{ parameter: 'username', message: 'The username has already been taken.' }]);
    expect(await userRow(server, a.userId)).toEqual(before);
    // Keeping one's own username is not "taken".
    expect((await update(a.token, { username: a.user.username })).status).toBe(200);
  });

  it('changes the email only with the right current password', async () => {
    const a = await registerBuyer(server, 'mail');
    const before = await userRow(server, a.userId);
    const next = `New-${a.email}`;

    const missing = await update(a.token, { email: next });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'VALIDATION', message: 'The current password field is required.' });
    expect(missing.body.errors).toEqual([{ parameter: 'current_password', message: 'The current password field is required.' }]);

    const wrong = await update(a.token, { email: next, current_password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', message: 'The current password is incorrect.' });
    expect(wrong.body.errors).toEqual([{ parameter: 'current_password', message: 'The current password is incorrect.' }]);
    expect(await userRow(server, a.userId)).toEqual(before);

    const ok = await update(a.token, { email: next, current_password: a.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(next.toLowerCase());
    await expect(login(server, next, a.password)).resolves.toEqual(expect.any(String));
  });

  it("an email change revokes the user's other sessions and keeps the presenting one; a name change revokes nothing", async () => {
    const a = await registerBuyer(server, 'mailrevoke');
    const laptop = await login(server, a.email, a.password);
    const b = await registerBuyer(server, 'mailbystander');
    expect((await update(laptop, { first_name: 'Renamed' })).status).toBe(200);
    expect((await call(server, 'GET', '/api/user/profile', { token: a.token })).status).toBe(200);

    const next = `moved-${a.email}`;
    expect((await update(a.token, { email: next, current_password: a.password })).status).toBe(200);
    expect((await call(server, 'GET', '/api/user/profile', { token: a.token })).status).toBe(200);
    expect((await call(server, 'GET', '/api/user/profile', { token: laptop })).status).toBe(401);
    expect((await call(server, 'GET', '/api/user/profile', { token: b.token })).status).toBe(200);
  });

  it('needs no password to "change" the email to the one it already is', async () => {
    const a = await registerBuyer(server, 'same');
    const res = await update(a.token, { email: `  ${a.email.toUpperCase()} `, last_name: 'Same' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: a.email, last_name: 'Same' });
  });

  it("refuses another account's email with EMAIL_TAKEN and changes nothing", async () => {
    const a = await registerBuyer(server, 'ea');
    const b = await registerBuyer(server, 'eb');
    const before = await userRow(server, a.userId);
    const res = await update(a.token, { email: b.email.toUpperCase(), current_password: a.password, first_name: 'Nope' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'The email has already been taken.' });
    expect(res.body.errors).toEqual([{ parameter: 'email', message: 'The email has already been taken.' }]);
    expect(await userRow(server, a.userId)).toEqual(before);
  });

  it('lets an account without a password (Google) change its email only with a fresh credential of its own Google account', async () => {
    const a = await registerBuyer(server, 'google');
    await server.db.kysely.updateTable('users').set({ password_hash: null, google_sub: `g-${a.userId}` }).where('id', '=', a.userId).execute();
    const before = await userRow(server, a.userId);
    // The token alone (a stolen one), another Google account, a credential signed by someone else: 403, nothing changed.
    for (const credential of [undefined, google.idToken({ sub: 'g-another', email: a.email }), fakeGoogle().idToken({ sub: `g-${a.userId}`, email: a.email })]) {
      const refused = await update(a.token, { email: `g-${a.email}`, credential });
      expect(refused.status, String(credential)).toBe(403);
      expect(refused.body).toMatchObject({ code: 'REAUTH_REQUIRED', message: 'Please confirm it is you with Google first.' });
    }
    expect(await userRow(server, a.userId)).toEqual(before);
    const res = await update(a.token, { email: `g-${a.email}`, credential: google.idToken({ sub: `g-${a.userId}`, email: a.email }) });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: `g-${a.email}`, has_password: false, google_linked: true });
  });

  it('answers every field message of a bad body at once', async () => {
    const a = await registerBuyer(server, 'bad');
    const before = await userRow(server, a.userId);
    const res = await update(a.token, {
      first_name: 'x'.repeat(101),
      last_name: 7,
      full_name_en: 'y'.repeat(201),
      email: 'not-an-email',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.errors).toEqual([
      { parameter: 'first_name', message: 'The first name may not be greater than 100 characters.' },
      { parameter: 'last_name', message: 'The last name must be a string.' },
      { parameter: 'full_name_en', message: 'The full name en may not be greater than 200 characters.' },
      { parameter: 'email', message: 'The email must be a valid email address.' },
    ]);
    expect(res.body.message).toBe('The first name may not be greater than 100 characters.');
    expect(await userRow(server, a.userId)).toEqual(before);
  });

  it('refuses a body that is not an object with 422 and malformed JSON with 400, never 5xx', async () => {
    const a = await registerBuyer(server, 'json');
    // (A string body is sent as is: '"text"' is the JSON string.)
    for (const body of [null, [], '"text"', 5]) {
      const res = await update(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const raw = await fetch(`${server.url}/api/user/profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: '{"first_name": ',
    });
    expect(raw.status).toBe(400);
  });

  it('is 401 for a guest, before reading the body', async () => {
    const res = await call<ErrorBody>(server, 'POST', '/api/user/profile', { body: { first_name: 'x'.repeat(500) } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});
