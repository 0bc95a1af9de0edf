/** POST /api/auth/login and /logout: the answer, wrong and unknown credentials alike, password-less accounts, demo sellers. */
import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthSuccess } from '../../src/domain/account';
import { SCRYPT_LOG2N } from '../../src/server/auth/passwords';
import { authHeaders, login, postJson, registerUser, sellerLogin, startAuthServer, TEST_SCRYPT_LOG2N, uniqueEmail, type AuthServer } from '../helpers/auth';

/** Every scrypt run of the server in this process: the password it hashed and its cost N. */
const scryptRuns = vi.hoisted(() => [] as { password: string; N: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const scrypt = (...args: Parameters<typeof actual.scrypt>) => {
    const [password, , , options] = args;
    scryptRuns.push({ password: String(password), N: options.N ?? 0 });
    actual.scrypt(...args);
  };
  return { ...actual, scrypt };
});

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const attempt = (body: unknown) => postJson<AuthSuccess & { code?: string }>(server.url, '/api/auth/login', body);
const INVALID = { code: 'INVALID_CREDENTIALS', message: 'These credentials do not match our records.' };

describe('POST /api/auth/login', () => {
  it('signs in with email (any case) and password: 200, a new token, the user', async () => {
    const reg = await registerUser(server.url, { first_name: 'Youssef', last_name: 'Login' });
    const res = await attempt({ email: `  ${reg.email.toUpperCase()} `, password: reg.password });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Login successful', token_type: 'Bearer', user: { id: reg.user.id, name: 'Youssef Login' } });
    expect(res.body.token).not.toBe(reg.token);
    expect(res.body.access_token).toBe(res.body.token);
    // Both sessions live side by side.
    for (const token of [reg.token, res.body.token]) expect((await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(token) })).status).toBe(200);
  });

  it('answers a wrong password and an unknown email the same 422', async () => {
    const reg = await registerUser(server.url);
    const wrong = await attempt({ email: reg.email, password: 'not the password' });
    const unknown = await attempt({ email: uniqueEmail('nobody'), password: 'not the password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ ...INVALID, errors: [{ parameter: 'email', message: INVALID.message }] });
    }
  });

  it('runs the dummy hash for an unknown email: the same scrypt work as a wrong password, never less', async () => {
    const reg = await registerUser(server.url);
    // The scrypt runs of the submitted password during one attempt (the dummy hash itself is computed once, earlier or now).
    const runsFor = async (email: string, password: string) => {
      scryptRuns.length = 0;
      expect((await attempt({ email, password })).status).toBe(422);
      return scryptRuns.filter((run) => run.password === password);
    };
    // A wrong password: one run at the account's cost (tests hash at 2^10).
    expect(await runsFor(reg.email, 'not the password 1')).toEqual([{ password: 'not the password 1', N: 2 ** TEST_SCRYPT_LOG2N }]);
    // An unknown email: one run against the dummy hash, at the default cost, which no test account undercuts.
    expect(await runsFor(uniqueEmail('nobody'), 'not the password 2')).toEqual([{ password: 'not the password 2', N: 2 ** SCRYPT_LOG2N }]);
    expect(SCRYPT_LOG2N).toBeGreaterThanOrEqual(TEST_SCRYPT_LOG2N);
  });

  it('refuses a password on an account that has none (demo seller without SEED_SELLER_PASSWORD)', async () => {
    const bare = await startAuthServer({ products: 0, sellerPassword: null });
    try {
      const res = await postJson(bare.url, '/api/auth/login', { email: 'dar-el-kaftan@sellers.souk.test', password: '' });
      expect(res.status).toBe(422);
      const shops = await bare.db.kysely.selectFrom('shops').select('slug').orderBy('id').limit(1).execute();
      const email = `${shops[0]?.slug}@sellers.souk.test`;
      for (const password of ['seller-test-password', 'anything-else', 'null']) {
        const r = await postJson(bare.url, '/api/auth/login', { email, password });
        expect(r.status).toBe(422);
        expect(r.body).toMatchObject(INVALID);
      }
    } finally {
      await bare.close();
    }
  });

  it('signs a demo seller in, with the shop in the user object', async () => {
    const [shop] = await server.db.kysely.selectFrom('shops').select(['id', 'slug', 'name']).orderBy('id').limit(1).execute();
    if (!shop) throw new Error('no shop');
    const { user } = await sellerLogin(server.url, shop.slug);
    expect(user).toMatchObject({ role: 'seller', email: `${shop.slug}@sellers.souk.test`, first_name: shop.name, shop: { id: shop.id, slug: shop.slug, name: shop.name } });
  });

  it('validates: email and password required, a valid email', async () => {
    expect((await attempt({ password: 'x' })).body).toMatchObject({ code: 'VALIDATION', message: 'The email field is required.' });
    expect((await attempt({ email: 'x@example.test' })).body).toMatchObject({ code: 'VALIDATION', message: 'The password field is required.' });
    expect((await attempt({ email: 'nope', password: 'x' })).body).toMatchObject({ code: 'VALIDATION', message: 'The email must be a valid email address.' });
    expect((await attempt({ email: 'x@example.test', password: 12345678 })).status).toBe(422);
  });
});

describe('POST /api/auth/logout', () => {
  it('needs a session: 401 for a guest', async () => {
    const res = await postJson(server.url, '/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Unauthenticated.' });
  });

  it('ends only the presenting session', async () => {
    const reg = await registerUser(server.url);
    const second = await login(server.url, reg.email, reg.password);
    const out = await postJson(server.url, '/api/auth/logout', undefined, authHeaders(reg.token));
    expect(out.body).toEqual({ status: 'success', message: 'Logged out successfully' });
    expect((await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(reg.token) })).status).toBe(401);
    expect((await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(second.token) })).status).toBe(200);
  });
});
