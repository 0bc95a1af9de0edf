/**
 * Sessions do not grow without bound (M4): the expiry sweep (run by a timer of
 * the app, and on demand) removes expired sessions, phone codes and ended
 * counter windows; issuing a session sweeps the user's expired ones and keeps
 * at most MAX_SESSIONS_PER_USER live ones, deleting the oldest.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_USER } from '../../src/server/repositories/sessions';
import { authHeaders, postJson, registerUser, requestJson, startAuthServer, uniqueEmail, type AuthServer, type AuthServerOptions } from '../helpers/auth';

const servers: AuthServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function startWithClock(opts: AuthServerOptions = {}) {
  let offset = 0;
  const s = await startAuthServer({
    products: 0,
    ...opts,
    auth: { now: () => Date.now() + offset, sms: { name: 'test', send: async () => {} }, ...opts.auth },
  });
  servers.push(s);
  return { s, advance: (ms: number) => (offset += ms) };
}

const DAY = 24 * 60 * 60_000;

async function sessionsOf(s: AuthServer, userId: number) {
  return s.db.kysely.selectFrom('sessions').select(['id', 'kind']).where('user_id', '=', userId).execute();
}

describe('expiry sweep', () => {
  it('removes expired sessions, phone codes and ended failure windows, and keeps live ones', async () => {
    const { s, advance } = await startWithClock({ auth: { rateLimits: { loginFailures: { max: 10, windowMs: 60_000 } } } });
    const a = await registerUser(s.url);
    expect((await postJson(s.url, '/api/auth/set-cookie', { token: a.token })).status).toBe(200);
    expect((await postJson(s.url, '/api/user/phone/send-code', { phone: '+212611000001' }, authHeaders(a.token))).status).toBe(200);
    expect((await postJson(s.url, '/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong password' })).status).toBe(422);
    expect(await sessionsOf(s, a.user.id)).toHaveLength(2);

    // Nothing has expired yet.
    expect(await s.app.sweepExpired()).toMatchObject({ sessions: 0, phoneCodes: 0, loginFailures: 0 });

    // 25 h later: the bearer session (24 h), the code (10 min) and the failure window (1 min) are over; the cookie (7 days) is not.
    advance(DAY + 60 * 60_000);
    expect(await s.app.sweepExpired()).toMatchObject({ sessions: 1, phoneCodes: 1, loginFailures: 1 });
    expect((await sessionsOf(s, a.user.id)).map((r) => r.kind)).toEqual(['cookie']);
    expect(await s.db.kysely.selectFrom('phone_codes').select('id').execute()).toEqual([]);
    expect(await s.db.kysely.selectFrom('login_failures').select('email').execute()).toEqual([]);
  });

  it('runs on a timer of the app, which stops when the app closes', async () => {
    const { s, advance } = await startWithClock({ auth: { sweepIntervalMs: 50 } });
    const a = await registerUser(s.url);
    advance(DAY + 1_000);
    const deadline = Date.now() + 5_000;
    while ((await sessionsOf(s, a.user.id)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await sessionsOf(s, a.user.id)).toEqual([]);
  });
});

describe('sessions per user', () => {
  it("issuing a session removes the user's expired ones", async () => {
    const { s, advance } = await startWithClock();
    const a = await registerUser(s.url);
    advance(DAY + 1_000);
    const next = await postJson<{ token: string }>(s.url, '/api/auth/login', { email: a.email, password: a.password });
    expect(next.status).toBe(200);
    expect(await sessionsOf(s, a.user.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per user, deleting the oldest`, async () => {
    const { s } = await startWithClock();
    const a = await registerUser(s.url);
    const tokens = [a.token];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      const res = await postJson<{ token: string }>(s.url, '/api/auth/login', { email: a.email, password: a.password });
      expect(res.status).toBe(200);
      tokens.push(res.body.token);
    }
    expect(await sessionsOf(s, a.user.id)).toHaveLength(MAX_SESSIONS_PER_USER);
    const answers = await Promise.all(tokens.map(async (t) => (await requestJson(s.url, 'GET', '/api/user/profile', undefined, authHeaders(t))).status));
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers.slice(3)).toEqual(new Array<number>(MAX_SESSIONS_PER_USER).fill(200));
  });
});
