/**
 * The operator's accounts (issue 23, README "Configuration"): the demo admin admin@souk.test, seeded with
 * SEED_ADMIN_PASSWORD when set and without a password otherwise; and `npm run admin -- create EMAIL`
 * (src/server/admin-command.ts), which creates or promotes the account and prints a one-time password, refuses an
 * account that owns a shop, and says what is wrong with its arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli, oneTimePassword } from '../../src/server/admin-command';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { DEMO_ADMIN_EMAIL, seedDemoAdmin } from '../../src/server/seed/seed-admin';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { authHeaders, postJson, requestJson, sellerLogin, startAuthServer, TEST_SCRYPT_LOG2N, TEST_SELLER_PASSWORD, uniqueEmail, type AuthServer } from '../helpers/auth';
import { createTestDatabase } from '../helpers/test-database';
import { registerBuyer } from './support/account-server';

let server: AuthServer;

beforeAll(async () => {
  server = await startAuthServer({ products: 5 });
});
afterAll(async () => {
  await server?.close();
});

interface Run {
  code: number;
  out: string[];
  err: string[];
}

async function run(args: string[], env: Record<string, string | undefined> = { DATABASE_URL: server.dbUrl }): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await adminCli(args, { env, out: (l) => out.push(l), err: (l) => err.push(l), scryptLog2N: TEST_SCRYPT_LOG2N });
  return { code, out, err };
}

const printedPassword = (r: Run) => /One-time password \(shown once, not stored\): (\S+)/.exec(r.out.join('\n'))?.[1];
const userByEmail = (email: string) => server.db.kysely.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
const loginStatus = async (email: string, password: string) => (await postJson(server.url, '/api/auth/login', { email, password })).status;
/** Whether the token passes the operator's guard (an unknown shop: 404 for an operator, 403 for anyone else). */
const asOperator = async (token: string) => (await requestJson(server.url, 'PATCH', '/api/admin/shops/999999', { status: 'active' }, authHeaders(token))).status;

describe('the demo admin', () => {
  it('is seeded as admin@souk.test, role admin, without a password when SEED_ADMIN_PASSWORD is unset', async () => {
    const admin = await userByEmail(DEMO_ADMIN_EMAIL);
    expect(admin).toMatchObject({ role: 'admin', password_hash: null });
    expect(await loginStatus(DEMO_ADMIN_EMAIL, 'anything at all')).toBe(422);
  });

  it('gets the password given (SEED_ADMIN_PASSWORD) and can sign in as an operator with it', async () => {
    const created = await createTestDatabase();
    const db = openDatabase(created.url);
    try {
      await migrateToLatest(db);
      await seedDemo(db, { products: 0, adminPassword: 'admin-demo-password', scryptLog2N: TEST_SCRYPT_LOG2N });
      const admin = await db.kysely.selectFrom('users').selectAll().where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirstOrThrow();
      expect(admin.role).toBe('admin');
      expect(admin.password_hash).not.toBeNull();
      const other = await startAuthServer({ dbUrl: created.url });
      try {
        const login = await postJson<{ token: string }>(other.url, '/api/auth/login', { email: DEMO_ADMIN_EMAIL, password: 'admin-demo-password' });
        expect(login.status).toBe(200);
        const status = (await requestJson(other.url, 'PATCH', '/api/admin/shops/999999', { status: 'active' }, authHeaders(login.body.token))).status;
        expect(status).toBe(404);
      } finally {
        await other.close();
      }
    } finally {
      await db.close();
      await created.remove();
    }
  });

  it('is seeded idempotently: a password only where none was, never a promotion of another role', async () => {
    expect(await seedDemoAdmin(server.db, { scryptLog2N: TEST_SCRYPT_LOG2N })).toBe('kept');
    expect(await seedDemoAdmin(server.db, { password: 'later-admin-password', scryptLog2N: TEST_SCRYPT_LOG2N })).toBe('password set');
    const hash = (await userByEmail(DEMO_ADMIN_EMAIL))?.password_hash;
    expect(await seedDemoAdmin(server.db, { password: 'another-password', scryptLog2N: TEST_SCRYPT_LOG2N })).toBe('kept');
    expect((await userByEmail(DEMO_ADMIN_EMAIL))?.password_hash).toBe(hash);
    expect(await loginStatus(DEMO_ADMIN_EMAIL, 'later-admin-password')).toBe(200);
    // Someone else holding the address as a buyer is left a buyer.
    await server.db.kysely.updateTable('users').set({ role: 'user', password_hash: null }).where('email', '=', DEMO_ADMIN_EMAIL).execute();
    expect(await seedDemoAdmin(server.db, { password: 'x-admin-password', scryptLog2N: TEST_SCRYPT_LOG2N })).toBe('kept');
    expect((await userByEmail(DEMO_ADMIN_EMAIL))?.role).toBe('user');
    await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('email', '=', DEMO_ADMIN_EMAIL).execute();
  });
});

describe('npm run admin -- create EMAIL', () => {
  it('creates a new admin account and prints a one-time password that signs in', async () => {
    const email = uniqueEmail('ops');
    const r = await run(['create', email.toUpperCase()]);
    expect(r.code).toBe(0);
    expect(r.err).toEqual([]);
    const password = printedPassword(r);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ email: email.toLowerCase(), role: 'admin' });
    expect(row?.password_hash).not.toContain(password ?? '');
    const login = await postJson<{ token: string }>(server.url, '/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    expect(await asOperator(login.body.token)).toBe(404);
  });

  it('promotes an existing buyer, keeping their password; their open session is an operator at its next request', async () => {
    const buyer = await registerBuyer(server, 'promoted');
    expect(await asOperator(buyer.token)).toBe(403);
    const r = await run(['create', buyer.email]);
    expect(r.code).toBe(0);
    expect(printedPassword(r)).toBeUndefined();
    expect(r.out.join('\n')).toContain('Made an admin:');
    expect((await userByEmail(buyer.email))?.role).toBe('admin');
    expect(await asOperator(buyer.token)).toBe(404);
    expect(await loginStatus(buyer.email, buyer.password)).toBe(200);

    // Again: already an admin, nothing changed.
    const again = await run(['create', buyer.email]);
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toContain('Already an admin:');
    expect(await loginStatus(buyer.email, buyer.password)).toBe(200);
  });

  it('with --reset-password prints a new password and signs the account out everywhere', async () => {
    const buyer = await registerBuyer(server, 'reset');
    const r = await run(['create', buyer.email, '--reset-password']);
    expect(r.code).toBe(0);
    const password = printedPassword(r);
    expect(password).toBeDefined();
    expect(await asOperator(buyer.token)).toBe(401);
    expect(await loginStatus(buyer.email, buyer.password)).toBe(422);
    expect(await loginStatus(buyer.email, password ?? '')).toBe(200);
  });

  it('gives the password-less demo admin a one-time password', async () => {
    await server.db.kysely.updateTable('users').set({ password_hash: null }).where('email', '=', DEMO_ADMIN_EMAIL).execute();
    const r = await run(['create', DEMO_ADMIN_EMAIL]);
    expect(r.code).toBe(0);
    const password = printedPassword(r);
    expect(password).toBeDefined();
    expect(await loginStatus(DEMO_ADMIN_EMAIL, password ?? '')).toBe(200);
  });

  it('refuses an account that owns a shop (exit 1), leaving it a seller', async () => {
    const shop = await server.db.kysely.selectFrom('shops').select('slug').where('owner_user_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const seller = await sellerLogin(server.url, shop.slug, TEST_SELLER_PASSWORD);
    const r = await run(['create', seller.user.email]);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toContain('owns a shop');
    expect((await userByEmail(seller.user.email))?.role).toBe('seller');
  });

  it('answers bad arguments and a bad DATABASE_URL with exit 2 and the usage, touching nothing', async () => {
    const users = async () => Number((await server.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    for (const args of [[], ['create'], ['delete', 'a@b.test'], ['create', 'not-an-email'], ['create', 'a@b.test', 'extra'], ['create', 'a@b.test', '--force']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.join('\n'), args.join(' ')).toContain('Usage: npm run admin -- create EMAIL');
    }
    const bad = await run(['create', 'a@b.test'], { DATABASE_URL: 'mysql://localhost/souk' });
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toContain('DATABASE_URL');
    expect((await run(['--help'])).code).toBe(0);
    expect(await users()).toBe(before);
  });

  it('makes one-time passwords of 24 random characters', () => {
    const seen = new Set(Array.from({ length: 50 }, () => oneTimePassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
