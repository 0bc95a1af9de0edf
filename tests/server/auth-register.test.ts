/** POST /api/auth/register: the answer, username generation, name split, duplicates, no mass assignment, validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSuccess } from '../../src/domain/account';
import { USER_DEFAULTS, findUserByEmail } from '../../src/server/repositories/users';
import { authHeaders, postJson, registerUser, startAuthServer, uniqueEmail, type AuthServer } from '../helpers/auth';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const register = (body: unknown) => postJson<AuthSuccess & { code?: string; errors?: { parameter: string; message: string }[] }>(server.url, '/api/auth/register', body);
const PASSWORD = 'correct horse 1';

describe('POST /api/auth/register', () => {
  it('creates a buyer and answers 201 with the token, its expiry and the user object', async () => {
    const email = uniqueEmail();
    const res = await register({ first_name: 'Amina', last_name: 'El Fassi', email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const b = res.body;
    expect(b).toMatchObject({ status: 'success', message: 'Registration successful', token_type: 'Bearer' });
    expect(b.access_token).toBe(b.token);
    expect(Date.parse(b.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(b.user).toMatchObject({
      email,
      name: 'Amina El Fassi',
      first_name: 'Amina',
      last_name: 'El Fassi',
      role: 'user',
      phone: null,
      phone_verified: false,
      shop: null,
      shipping_address: null,
      billing_address: null,
      has_password: true,
      google_linked: false,
      preferences: { email_notifications: true, marketing_emails: false, order_updates: true, newsletter: false, language: 'ma', timezone: 'Africa/Casablanca' },
    });
    expect(b.user.member_since).toBe(new Date().toISOString().slice(0, 10));
    expect(JSON.stringify(b)).not.toMatch(/scrypt|password_hash|google_sub/);
    const profile = await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(b.token) });
    expect(profile.status).toBe(200);
  });

  it('generates the username from the last name, else the first name, plus 4 digits; else user + 5 digits', async () => {
    const last = await registerUser(server.url, { first_name: 'Amina', last_name: "O'Brien-Zahra" });
    expect(last.user.username).toMatch(/^obrienzahra\d{4}$/);
    const first = await registerUser(server.url, { first_name: 'Émile', last_name: '' });
    expect(first.user.username).toMatch(/^emile\d{4}$/);
    const none = await registerUser(server.url, { first_name: undefined, last_name: undefined });
    expect(none.user.username).toMatch(/^user\d{5}$/);
    const arabic = await registerUser(server.url, { first_name: 'أمينة', last_name: 'الفاسي' });
    expect(arabic.user.username).toMatch(/^user\d{5}$/);
  });

  it('retries a generated username that is taken, falling back to user + 5 digits', async () => {
    // Every "qq" + 4-digit username is taken: the name-based candidates all collide and the fallback is used.
    const now = Date.now();
    const rows = Array.from({ length: 9000 }, (_, i) => ({
      email: `qq${i + 1000}@taken.example.test`,
      username: `qq${i + 1000}`,
      ...USER_DEFAULTS,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 1000) await server.db.kysely.insertInto('users').values(rows.slice(i, i + 1000)).execute();
    const a = await registerUser(server.url, { first_name: 'Amina', last_name: 'Qq' });
    expect(a.user.username).toMatch(/^user\d{5}$/);
    const many = await Promise.all(Array.from({ length: 20 }, () => registerUser(server.url, { first_name: '', last_name: 'Zz' })));
    expect(new Set(many.map((n) => n.user.username)).size).toBe(20);
  });

  it('keeps a chosen username (lowercased), and refuses a taken one with 422 USERNAME_TAKEN', async () => {
    const chosen = `Amina.${Date.now() % 100000}`;
    const a = await registerUser(server.url, { username: chosen });
    expect(a.user.username).toBe(chosen.toLowerCase());
    const res = await register({ username: chosen.toLowerCase(), email: uniqueEmail(), password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', message: 'The username has already been taken.', errors: [{ parameter: 'username' }] });
  });

  it('splits full_name into first and last name at the first space', async () => {
    const a = await registerUser(server.url, { first_name: undefined, last_name: undefined, full_name: '  Amina  El Fassi Bennani ' });
    expect(a.user).toMatchObject({ first_name: 'Amina', last_name: 'El Fassi Bennani', name: 'Amina El Fassi Bennani' });
    expect(a.user.username).toMatch(/^elfassibennani\d{4}$/);
    const one = await registerUser(server.url, { first_name: undefined, last_name: undefined, full_name: 'Madonna' });
    expect(one.user).toMatchObject({ first_name: 'Madonna', last_name: '' });
  });

  it('stores full_name_en and full_name_ar', async () => {
    const a = await registerUser(server.url, { full_name_en: 'Amina Test', full_name_ar: 'أمينة' });
    expect(a.user).toMatchObject({ full_name_en: 'Amina Test', full_name_ar: 'أمينة' });
  });

  it('refuses a duplicate email with 422 EMAIL_TAKEN, whatever its case and spacing', async () => {
    const { email } = await registerUser(server.url);
    for (const again of [email, email.toUpperCase(), `  ${email} `]) {
      const res = await register({ email: again, password: PASSWORD });
      expect(res.status, again).toBe(422);
      expect(res.body).toMatchObject({
        success: false,
        status: 'error',
        code: 'EMAIL_TAKEN',
        message: 'The email has already been taken.',
        errors: [{ parameter: 'email', message: 'The email has already been taken.' }],
      });
    }
  });

  it('under a race for one email, exactly one registration wins and the others get EMAIL_TAKEN', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => register({ email, password: PASSWORD })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.code).toBe('EMAIL_TAKEN');
  });

  it('ignores role and other unknown fields: always a buyer', async () => {
    for (const role of ['admin', 'seller', 'manager']) {
      const a = await registerUser(server.url, { role, is_admin: true, id: 1, password_hash: 'x', google_sub: 'y', phone: '+212600000000' });
      expect(a.user).toMatchObject({ role: 'user', google_linked: false, phone: null, has_password: true });
      const row = await findUserByEmail(server.db, a.email);
      expect(row?.role).toBe('user');
      expect(row?.password_hash).toMatch(/^scrypt\$/);
    }
  });

  it('validates with the contract messages, listing every field', async () => {
    const cases: [unknown, string, string][] = [
      [{ password: PASSWORD }, 'email', 'The email field is required.'],
      [{ email: 'not-an-email', password: PASSWORD }, 'email', 'The email must be a valid email address.'],
      [{ email: uniqueEmail() }, 'password', 'The password field is required.'],
      [{ email: uniqueEmail(), password: 'short' }, 'password', 'The password must be at least 8 characters.'],
      [{ email: uniqueEmail(), password: 'x'.repeat(129) }, 'password', 'The password may not be greater than 128 characters.'],
      [{ email: uniqueEmail(), password: PASSWORD, password_confirmation: 'other one' }, 'password_confirmation', 'The password confirmation does not match.'],
      [{ email: uniqueEmail(), password: PASSWORD, first_name: 'x'.repeat(101) }, 'first_name', 'The first name may not be greater than 100 characters.'],
      [{ email: uniqueEmail(), password: PASSWORD, username: 'no spaces allowed' }, 'username', 'The selected username is invalid.'],
    ];
    for (const [body, parameter, message] of cases) {
      const res = await register(body);
      expect(res.status, message).toBe(422);
      expect(res.body, message).toMatchObject({ code: 'VALIDATION', message, errors: expect.arrayContaining([{ parameter, message }]) });
    }
    const empty = await register({});
    expect(empty.body.errors?.map((e) => e.parameter)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers a body that is not an object 422 and malformed JSON 400, never 5xx', async () => {
    for (const body of ['null', '[]', '"text"', '42']) expect((await register(body)).status).toBe(422);
    const bad = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(bad.status).toBe(400);
  });
});
