/**
 * The API client (src/app/auth/api-client.ts) with a fake fetch: bearer,
 * Accept-Language and credentials on every request, the XSRF cookie fetched
 * before a write when missing and echoed as X-XSRF-TOKEN, 401 handling (session
 * cleared, /login?redirect= with the language prefix kept; not for login,
 * register and Google), 419 logged, failures as ApiFailure with status 0 offline.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure, createApiClient, loginRedirectFor, readCookie, type ApiClientDeps } from '../../src/app/auth/api-client';
import { SessionStore, systemClock, type KeyValueStorage } from '../../src/app/auth/session-store';
import type { User } from '../../src/domain/account';

function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

interface Call {
  url: string;
  init: RequestInit;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(opts: { token?: string | null; cookies?: string; path?: string; search?: string } = {}) {
  const calls: Call[] = [];
  let cookies = opts.cookies ?? '';
  const responses: ((call: Call) => Response | Promise<Response>)[] = [];
  const session = { token: vi.fn(() => opts.token ?? null), clear: vi.fn() };
  const deps: ApiClientDeps = {
    fetch: async (url, init) => {
      const call = { url, init };
      calls.push(call);
      if (url === '/api/auth/csrf-cookie') {
        cookies = `${cookies ? `${cookies}; ` : ''}XSRF-TOKEN=abc%3D.mac`;
        return new Response(null, { status: 204 });
      }
      const next = responses.shift();
      if (!next) throw new Error(`unexpected request ${url}`);
      return next(call);
    },
    session,
    navigate: vi.fn(),
    location: () => ({ pathname: opts.path ?? '/orders', search: opts.search ?? '' }),
    language: () => 'fr',
    cookies: () => cookies,
    warn: vi.fn(),
  };
  const client = createApiClient(deps);
  const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;
  return { client, calls, deps, session, respond: (r: (call: Call) => Response | Promise<Response>) => responses.push(r), headersOf };
}

describe('apiRequest', () => {
  it('sends the bearer token, the language and same-origin credentials, and parses JSON', async () => {
    const { client, calls, respond, headersOf } = setup({ token: 'tok' });
    respond(() => json(200, { status: 'success', user: { id: 1 } }));
    await expect(client.request('GET', '/api/user/profile')).resolves.toEqual({ status: 'success', user: { id: 1 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(headersOf(calls[0])).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'fr' });
  });

  it('sends the extra headers a write asks for (the Idempotency-Key of a restock) beside its own', async () => {
    const { client, calls, respond, headersOf } = setup({ token: 'tok', cookies: 'XSRF-TOKEN=x' });
    respond(() => json(200, { data: {} }));
    await client.request('PATCH', '/api/seller/products/1/variants/2', { stock: 3 }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(headersOf(calls[0])).toMatchObject({ 'Idempotency-Key': 'k-1', Authorization: 'Bearer tok', 'X-XSRF-TOKEN': 'x', 'Content-Type': 'application/json' });
  });

  it('has no Authorization header for a guest', async () => {
    const { client, calls, respond, headersOf } = setup();
    respond(() => json(200, { google: { configured: false, client_id: null } }));
    await client.request('GET', '/api/auth/config');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it('fetches the CSRF cookie before a write when it is missing, then sends it decoded as X-XSRF-TOKEN', async () => {
    const { client, calls, respond, headersOf } = setup({ token: 'tok' });
    respond(() => json(200, { status: 'success' }));
    await client.request('POST', '/api/user/preferences', { newsletter: true });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/auth/csrf-cookie',
      'POST /api/user/preferences',
    ]);
    expect(headersOf(calls[1])['X-XSRF-TOKEN']).toBe('abc=.mac');
    expect(headersOf(calls[1])['Content-Type']).toBe('application/json');
    expect(calls[1]?.init.body).toBe(JSON.stringify({ newsletter: true }));
  });

  it('does not fetch the CSRF cookie again when it is there, nor for GET', async () => {
    const { client, calls, respond, headersOf } = setup({ cookies: 'a=1; XSRF-TOKEN=zz' });
    respond(() => json(200, {}));
    respond(() => json(200, {}));
    await client.request('GET', '/api/user/addresses');
    await client.request('DELETE', '/api/user/addresses/3');
    expect(calls.map((c) => c.url)).toEqual(['/api/user/addresses', '/api/user/addresses/3']);
    expect(headersOf(calls[1])['X-XSRF-TOKEN']).toBe('zz');
  });

  it('a 401 clears the session and goes to /login?redirect=<path+query>', async () => {
    const { client, respond, session, deps } = setup({ token: 'tok', path: '/orders', search: '?status=shipped' });
    respond(() => json(401, { success: false, status: 'error', code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
    const failure = await client.request('GET', '/api/user/profile').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(session.clear).toHaveBeenCalledWith('expired');
    expect(deps.navigate).toHaveBeenCalledWith('/login?redirect=%2Forders%3Fstatus%3Dshipped');
  });

  it('a 401 with the current token signs out through the store, wiping personal data once', async () => {
    const wipe = vi.fn(async () => undefined);
    const store = new SessionStore(memoryStorage(), systemClock, wipe);
    store.signIn({ token: 'tok-A', user: { id: 1, email: 'a@example.test' } as User });
    const { client, respond, deps } = setup();
    deps.session = store;
    for (let i = 0; i < 2; i++) {
      respond(() => json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
      await expect(client.request('GET', '/api/user/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    expect(store.getSnapshot()).toMatchObject({ status: 'guest', notice: 'expired' });
    expect(wipe).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/login?redirect=%2Forders');
  });

  it('a late 401 for an older token leaves the newer session alone (signed in as B while A was refused)', async () => {
    const store = new SessionStore(memoryStorage(), systemClock);
    store.signIn({ token: 'tok-A', user: { id: 1, email: 'a@example.test' } as User });
    const { client, respond, deps } = setup();
    deps.session = store;
    let answer!: (response: Response) => void;
    respond(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = client.request('GET', '/api/user/profile').catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).toBeDefined());
    store.signIn({ token: 'tok-B', user: { id: 2, email: 'b@example.test' } as User });
    answer(json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
    await expect(pending).resolves.toMatchObject({ status: 401 });
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', notice: null });
    expect(store.token()).toBe('tok-B');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('keeps the language prefix in the login redirect', async () => {
    const { client, respond, deps } = setup({ token: 'tok', path: '/fr/account/phone' });
    respond(() => json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
    await expect(client.request('GET', '/api/user/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(deps.navigate).toHaveBeenCalledWith('/fr/login?redirect=%2Faccount%2Fphone');
  });

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/verify-google-token'])(
    'a 401 from %s is only reported (wrong credentials, not an ended session)',
    async (path) => {
      const { client, respond, session, deps } = setup({ cookies: 'XSRF-TOKEN=x' });
      respond(() => json(401, { code: 'GOOGLE_AUTH_FAILED', message: 'Google authentication failed' }));
      await expect(client.request('POST', path, {})).rejects.toMatchObject({ status: 401, code: 'GOOGLE_AUTH_FAILED' });
      expect(session.clear).not.toHaveBeenCalled();
      expect(deps.navigate).not.toHaveBeenCalled();
    },
  );

  it('a 401 on the login page itself clears the session without navigating in a loop', async () => {
    const { client, respond, session, deps } = setup({ token: 'tok', path: '/de/login', search: '?redirect=%2Forders' });
    respond(() => json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
    await expect(client.request('GET', '/api/user/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(session.clear).toHaveBeenCalledWith('expired');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('authRedirect: false leaves the session alone (logout with a dead token)', async () => {
    const { client, respond, session, deps } = setup({ token: 'tok', cookies: 'XSRF-TOKEN=x' });
    respond(() => json(401, { code: 'UNAUTHENTICATED', message: 'Unauthenticated.' }));
    await expect(client.request('POST', '/api/auth/logout', undefined, { authRedirect: false })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(session.clear).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('logs a 419 as a CSRF mismatch', async () => {
    const { client, respond, deps } = setup({ cookies: 'XSRF-TOKEN=x' });
    respond(() => json(419, { code: 'CSRF_TOKEN_MISMATCH', message: 'CSRF token mismatch.' }));
    await expect(client.request('PUT', '/api/user/addresses/1', {})).rejects.toMatchObject({ status: 419 });
    expect(deps.warn).toHaveBeenCalledWith(expect.stringContaining('CSRF token mismatch'), expect.anything());
  });

  it('422 carries the code and every field error', async () => {
    const { client, respond } = setup({ cookies: 'XSRF-TOKEN=x' });
    respond(() =>
      json(422, {
        success: false,
        status: 'error',
        code: 'VALIDATION',
        message: 'The email field is required.',
        errors: [
          { parameter: 'email', message: 'The email field is required.' },
          { parameter: 'password', message: 'The password must be at least 8 characters.' },
        ],
      }),
    );
    const failure = (await client.request('POST', '/api/auth/register', {}).catch((e: unknown) => e)) as ApiFailure;
    expect(failure.code).toBe('VALIDATION');
    expect(failure.errors.map((e) => e.parameter)).toEqual(['email', 'password']);
    expect(failure.message).toBe('The email field is required.');
  });

  it('a network failure is an ApiFailure with status 0', async () => {
    const { deps } = setup();
    const offline = createApiClient({
      ...deps,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.request('GET', '/api/user/profile')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('a body that is not JSON still gives a status-based code', async () => {
    const { client, respond } = setup();
    respond(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(client.request('GET', '/api/user/profile')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('a 204 resolves with undefined', async () => {
    const { client, respond } = setup({ cookies: 'XSRF-TOKEN=x' });
    respond(() => new Response(null, { status: 204 }));
    await expect(client.request('DELETE', '/api/auth/set-cookie')).resolves.toBeUndefined();
  });
});

describe('helpers', () => {
  it('reads and decodes a cookie', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D.m; b=2', 'XSRF-TOKEN')).toBe('abc==.m');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
  });

  it('builds the login redirect under the language prefix, never from the sign-in pages', () => {
    expect(loginRedirectFor('/', '')).toBe('/login');
    expect(loginRedirectFor('/checkout', '?step=payment')).toBe('/login?redirect=%2Fcheckout%3Fstep%3Dpayment');
    expect(loginRedirectFor('/ar/profile', '')).toBe('/ar/login?redirect=%2Fprofile');
    expect(loginRedirectFor('/register', '')).toBeNull();
    expect(loginRedirectFor('/es/login', '')).toBeNull();
  });
});
