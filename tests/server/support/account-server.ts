/**
 * The server and accounts the user-*, phone-* and seller-* tests use, built on
 * the shared auth helper (tests/helpers/auth.ts) with what these tests add: a
 * clock the test moves (auth.now), an SMS sender that keeps the messages (or
 * the one the test passes), sellers picked by shop order with their shop row,
 * an admin (the role is set in the database: no endpoint grants roles), and
 * the whole users row for "nothing changed" checks.
 */
import type { User } from '../../../src/domain/account';
import type { RateLimits } from '../../../src/server/auth/rate-limits';
import type { GoogleVerifier } from '../../../src/server/auth/google';
import type { SmsSender } from '../../../src/server/sms/sms-sender';
import {
  authHeaders,
  login as loginWithPassword,
  registerUser,
  requestJson,
  sellerLogin as sellerLoginBySlug,
  startAuthServer,
  type AuthServer,
  type HttpAnswer,
} from '../../helpers/auth';

export interface SentSms {
  to: string;
  text: string;
}

export interface AccountServerOptions {
  products?: number;
  /** Default: a sender that keeps messages in `sms`. */
  sms?: SmsSender;
  rateLimits?: Partial<RateLimits> | false;
  /** Google sign-in's verifier (fakeGoogle().verifier); default none (Google off). */
  google?: GoogleVerifier | null;
}

export interface AccountServer extends AuthServer {
  /** Messages the default sender kept, oldest first. */
  sms: SentSms[];
  /** Moves the app's clock (real time plus every advance) forward. */
  advance(ms: number): void;
}

export async function startAccountServer(opts: AccountServerOptions = {}): Promise<AccountServer> {
  const sms: SentSms[] = [];
  const keeper: SmsSender = {
    name: 'test',
    async send(to, text) {
      sms.push({ to, text });
    },
  };
  let offset = 0;
  const server = await startAuthServer({
    products: opts.products ?? 20,
    auth: { rateLimits: opts.rateLimits ?? false, sms: opts.sms ?? keeper, now: () => Date.now() + offset, google: opts.google ?? null },
  });
  return {
    ...server,
    sms,
    advance(ms) {
      offset += ms;
    },
  };
}

export type Reply<T> = HttpAnswer<T>;

/** One JSON call, with a bearer token when given. */
export function call<T = Record<string, unknown>>(
  server: Pick<AuthServer, 'url'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<Reply<T>> {
  return requestJson<T>(server.url, method, path, opts.body, opts.token ? authHeaders(opts.token) : {});
}

export interface Account {
  userId: number;
  email: string;
  password: string;
  token: string;
  user: User;
}

/** A new buyer, registered through the API (first name `label`). */
export async function registerBuyer(server: Pick<AuthServer, 'url'>, label = 'buyer'): Promise<Account> {
  const r = await registerUser(server.url, { first_name: label });
  return { userId: r.user.id, email: r.email, password: r.password, token: r.token, user: r.user };
}

/** A new session for an existing account (throws unless 200). */
export async function login(server: Pick<AuthServer, 'url'>, email: string, password: string): Promise<string> {
  return (await loginWithPassword(server.url, email, password)).token;
}

export interface SellerAccount extends Account {
  shop: { id: number; slug: string; name: string };
}

/** The seeded seller of the `index`-th shop (by id) that has one, signed in. */
export async function sellerLogin(server: AuthServer, index = 0): Promise<SellerAccount> {
  const shop = await server.db.kysely
    .selectFrom('shops')
    .select(['id', 'slug', 'name'])
    .where('owner_user_id', 'is not', null)
    .orderBy('id')
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  if (!shop) throw new Error(`no seller for shop #${index}`);
  const r = await sellerLoginBySlug(server.url, shop.slug);
  return { userId: r.user.id, email: r.user.email, password: '', token: r.token, user: r.user, shop };
}

/** A registered user raised to admin in the database, with a session opened after the change. */
export async function adminLogin(server: AuthServer): Promise<Account> {
  const account = await registerBuyer(server, 'admin');
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', account.userId).execute();
  return { ...account, token: await login(server, account.email, account.password) };
}

/** The whole users row, for "nothing changed" checks. */
export async function userRow(server: Pick<AuthServer, 'db'>, userId: number) {
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
