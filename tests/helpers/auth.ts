/**
 * Accounts in integration tests: a real server with cheap scrypt and rate
 * limits off, and helpers to register, sign in and send the credentials.
 *
 *   const server = await startAuthServer();
 *   const { token, user } = await registerUser(server.url);
 *   const res = await fetch(`${server.url}/api/user/profile`, { headers: authHeaders(token) });
 *   const seller = await sellerLogin(server.url, 'atelier-fes');   // seeded with TEST_SELLER_PASSWORD
 *
 * For cookie sessions: `cookieSession(url, token)` → {cookie, xsrf} to send by hand.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { AuthSuccess, User } from '../../src/domain/account';
import { buildApp } from '../../src/server/app';
import type { ChatOptions } from '../../src/server/chat/chat-plugin';
import type { AuthOptions } from '../../src/server/auth/auth-options';
import { createGoogleVerifier, type GoogleVerifier } from '../../src/server/auth/google';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { serveOnLoopback, type TestServer } from './server';
import { sellerEmail } from '../../src/server/seed/seed-sellers';
import { createTestDatabase, type TestDialect } from './test-database';

export const TEST_AUTH_SECRET = 'souk-test-auth-secret-0123456789abcdef';
export const TEST_SELLER_PASSWORD = 'seller-test-password';
export const TEST_SCRYPT_LOG2N = 10;

/** The same shape as the catalogue test server. */
export type AuthServer = TestServer;

export interface AuthServerOptions {
  /** Demo products (default 20). */
  products?: number;
  /** Overrides of the test defaults {secret, rateLimits: false, scryptLog2N: 10, google: null}. */
  auth?: AuthOptions;
  /** The demo sellers' password (default TEST_SELLER_PASSWORD; null: none). */
  sellerPassword?: string | null;
  staticDir?: string | null;
  /** Reuse this database (another server's dbUrl: a second instance on the same database); default a fresh one. */
  dbUrl?: string;
  /** Where the fresh database is: default TEST_DIALECT (SOUK_TEST_DB). */
  dialect?: TestDialect;
  /** buildApp's trustProxy (TRUST_PROXY); default false. */
  trustProxy?: boolean | number | string[];
  /** buildApp's chat options (e.g. a short sessionCheckMs). */
  chat?: ChatOptions;
}

export async function startAuthServer(opts: AuthServerOptions = {}): Promise<AuthServer> {
  const created = opts.dbUrl === undefined ? await createTestDatabase({ dialect: opts.dialect }) : null;
  const dbUrl = opts.dbUrl ?? created?.url ?? '';
  return serveOnLoopback(openDatabase(dbUrl), dbUrl, created?.remove ?? null, async (db) => {
    await migrateToLatest(db);
    if (created !== null) {
      await seedDemo(db, {
        products: opts.products ?? 20,
        sellerPassword: opts.sellerPassword === undefined ? TEST_SELLER_PASSWORD : opts.sellerPassword,
        scryptLog2N: TEST_SCRYPT_LOG2N,
      });
    }
    return buildApp({
      db,
      staticDir: opts.staticDir ?? null,
      logger: false,
      trustProxy: opts.trustProxy ?? false,
      chat: opts.chat,
      auth: { secret: TEST_AUTH_SECRET, rateLimits: false, scryptLog2N: TEST_SCRYPT_LOG2N, google: null, ...opts.auth },
    });
  });
}

export interface HttpAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Sends JSON (or nothing) and reads JSON (or null for an empty body). */
export async function requestJson<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json', ...headers };
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text === '' ? null : JSON.parse(text)) as T };
}

export const postJson = <T = Record<string, unknown>>(base: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  requestJson<T>(base, 'POST', path, body, headers);

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
/** A fresh, unique email for this test run. */
export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.test`;
}

export interface RegisteredUser {
  token: string;
  user: User;
  email: string;
  password: string;
  body: AuthSuccess;
}

/** Registers a buyer (fresh email, password 'correct horse 1') and returns the answer; throws unless 201. */
export async function registerUser(base: string, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const password = typeof overrides.password === 'string' ? overrides.password : 'correct horse 1';
  const res = await postJson<AuthSuccess>(base, '/api/auth/register', {
    first_name: 'Amina',
    last_name: 'Test',
    email,
    password,
    password_confirmation: password,
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`register → ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, email, password, body: res.body };
}

/** Signs in with a password; throws unless 200. */
export async function login(base: string, email: string, password: string): Promise<{ token: string; user: User; body: AuthSuccess }> {
  const res = await postJson<AuthSuccess>(base, '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email} → ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, body: res.body };
}

/** Signs in as the demo seller of a shop (the server must be seeded with TEST_SELLER_PASSWORD, as startAuthServer does). */
export function sellerLogin(base: string, shopSlug: string, password = TEST_SELLER_PASSWORD) {
  return login(base, sellerEmail(shopSlug), password);
}

/** Cookies of a response as name → value (Set-Cookie headers). */
export function setCookies(headers: Headers): Map<string, { value: string; attributes: string }> {
  const out = new Map<string, { value: string; attributes: string }>();
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    out.set(pair.slice(0, eq).trim(), { value: pair.slice(eq + 1).trim(), attributes: rest.join(';').trim() });
  }
  return out;
}

/** A fresh XSRF-TOKEN from GET /api/auth/csrf-cookie (the raw cookie value, as a browser keeps it). */
export async function csrfToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/csrf-cookie`);
  const token = setCookies(res.headers).get('XSRF-TOKEN')?.value;
  if (res.status !== 204 || token === undefined) throw new Error(`csrf-cookie → ${res.status}`);
  return token;
}

export interface CookieSession {
  /** The souk_session cookie value. */
  session: string;
  xsrf: string;
  /** Headers of a browser request with the login cookie: Cookie with both cookies, and X-XSRF-TOKEN. */
  headers: Record<string, string>;
}

/** Trades a bearer token for the login cookie (POST /api/auth/set-cookie) and a CSRF token. */
export async function cookieSession(base: string, token: string): Promise<CookieSession> {
  const res = await postJson(base, '/api/auth/set-cookie', { token });
  const session = setCookies(res.headers).get('souk_session')?.value;
  if (res.status !== 200 || session === undefined) throw new Error(`set-cookie → ${res.status}: ${JSON.stringify(res.body)}`);
  const xsrf = await csrfToken(base);
  return {
    session,
    xsrf,
    headers: { cookie: `souk_session=${session}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
  };
}

/**
 * Google sign-in without Google: a local RSA key, a verifier built on google-auth-library that trusts it
 * (OAuth2Client.verifySignedJwtWithCertsAsync), and a signer for ID tokens.
 */
export interface FakeGoogle {
  clientId: string;
  verifier: GoogleVerifier;
  idToken(claims: { sub: string; email: string; name?: string; email_verified?: boolean; aud?: string; exp?: number }): string;
}

export function fakeGoogle(clientId = '1234-souk-test.apps.googleusercontent.com'): FakeGoogle {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'souk-test-key';
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    clientId,
    verifier: createGoogleVerifier(clientId, { certs: { [kid]: pem } }),
    idToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      const head = b64({ alg: 'RS256', typ: 'JWT', kid });
      const body = b64({
        iss: 'https://accounts.google.com',
        aud: claims.aud ?? clientId,
        sub: claims.sub,
        email: claims.email,
        email_verified: claims.email_verified ?? true,
        name: claims.name ?? 'Google User',
        iat: now,
        exp: claims.exp ?? now + 3600,
      });
      const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
      return `${head}.${body}.${signature}`;
    },
  };
}
