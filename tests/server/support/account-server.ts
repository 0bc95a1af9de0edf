/**
 * The real server the user-*, phone-* and seller-* tests run against: a temp
 * dir with a real SQLite file, demo-seeded (each shop with its seller, whose
 * password is SELLER_PASSWORD here), the app on 127.0.0.1 at a free port with a
 * clock the test moves, cheap scrypt, rate limits off unless asked for, and an
 * SMS sender that keeps the messages (or the one the test passes). Accounts
 * are made and signed in through the public API; only the admin role is set in
 * the database (no endpoint grants roles).
 *
 * A local adapter: the auth core's shared helper (tests/helpers/auth.ts) had
 * not landed when these tests were written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { User } from '../../../src/domain/account';
import { buildApp } from '../../../src/server/app';
import type { RateLimits } from '../../../src/server/auth/rate-limits';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/seed/seed-demo';
import { sellerEmail } from '../../../src/server/seed/seed-sellers';
import type { SmsSender } from '../../../src/server/sms/sms-sender';

export const PASSWORD = 'correct horse battery';
export const SELLER_PASSWORD = 'seller password 123';

export interface SentSms {
  to: string;
  text: string;
}

export interface AccountServerOptions {
  products?: number;
  /** Default: keep messages in `sms`. */
  sms?: SmsSender | null;
  rateLimits?: Partial<RateLimits> | false;
  /** Fastify logger options (e.g. a capturing stream); default off. */
  logger?: object | false;
}

export interface AccountServer {
  url: string;
  app: FastifyInstance;
  db: Database;
  /** Messages the default sender kept, oldest first. */
  sms: SentSms[];
  /** The app's clock: real time plus `advance`d ms. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startAccountServer(opts: AccountServerOptions = {}): Promise<AccountServer> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-account-'));
  const db = openDatabase(join(dir, 'souk.sqlite'));
  const sms: SentSms[] = [];
  const keeper: SmsSender = {
    name: 'test',
    async send(to, text) {
      sms.push({ to, text });
    },
  };
  let offset = 0;
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    await seedDemo(db, { products: opts.products ?? 20, sellerPassword: SELLER_PASSWORD, scryptLog2N: 10 });
    app = await buildApp({
      db,
      staticDir: null,
      logger: opts.logger ?? false,
      auth: {
        secret: 'account-tests-secret-0123456789abcdef0123',
        rateLimits: opts.rateLimits ?? false,
        scryptLog2N: 10,
        google: null,
        now: () => Date.now() + offset,
        ...(opts.sms === null ? {} : { sms: opts.sms ?? keeper }),
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const started = app;
  let closed = false;
  return {
    url: `http://127.0.0.1:${address.port}`,
    app: started,
    db,
    sms,
    advance(ms) {
      offset += ms;
    },
    async close() {
      if (closed) return;
      closed = true;
      await started.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** One JSON call, with a bearer token when given. */
export async function call<T = Record<string, unknown>>(
  server: Pick<AccountServer, 'url'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${path} → ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}

export interface Account {
  userId: number;
  email: string;
  password: string;
  token: string;
  user: User;
}

let counter = 0;

/** A new buyer, registered through the API. */
export async function registerBuyer(server: AccountServer, label = 'buyer', extra: Record<string, unknown> = {}): Promise<Account> {
  counter += 1;
  const email = `${label}-${counter}-${Date.now().toString(36)}@example.test`;
  const res = await call<{ token: string; user: User }>(server, 'POST', '/api/auth/register', {
    body: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: label, last_name: 'Test', ...extra },
  });
  if (res.status !== 201) throw new Error(`register → ${res.status}: ${JSON.stringify(res.body)}`);
  return { userId: res.body.user.id, email, password: PASSWORD, token: res.body.token, user: res.body.user };
}

/** A new session for an existing account. */
export async function login(server: AccountServer, email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>(server, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} → ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export interface SellerAccount extends Account {
  shop: { id: number; slug: string; name: string; description: string; city: string; address: string; updated_at: number };
}

/** The seeded seller of the `index`-th shop (by id) that has one, signed in. */
export async function sellerLogin(server: AccountServer, index = 0): Promise<SellerAccount> {
  const shops = await server.db.kysely
    .selectFrom('shops')
    .select(['id', 'slug', 'name', 'description', 'city', 'address', 'updated_at', 'owner_user_id'])
    .where('owner_user_id', 'is not', null)
    .orderBy('id')
    .execute();
  const shop = shops[index];
  if (!shop || shop.owner_user_id === null) throw new Error(`no seller for shop #${index}`);
  const email = sellerEmail(shop.slug);
  const token = await login(server, email, SELLER_PASSWORD);
  const me = await call<{ user: User }>(server, 'GET', '/api/user/profile', { token });
  const { owner_user_id: _owner, ...shopFields } = shop;
  return { userId: shop.owner_user_id, email, password: SELLER_PASSWORD, token, user: me.body.user, shop: { ...shopFields, updated_at: Number(shop.updated_at) } };
}

/** A registered user raised to admin in the database, with a session opened after the change. */
export async function adminLogin(server: AccountServer): Promise<Account> {
  const account = await registerBuyer(server, 'admin');
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', account.userId).execute();
  return { ...account, token: await login(server, account.email, account.password) };
}

/** The whole users row, for "nothing changed" checks. */
export async function userRow(server: AccountServer, userId: number) {
  return server.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

export interface ErrorBody {
  success: false;
  status: 'error';
  code: string;
  message: string;
  errors?: { parameter: string; message: string }[];
  [extra: string]: unknown;
}
