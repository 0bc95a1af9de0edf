/**
 * The FCM HTTP v1 sender against a fake FCM endpoint on loopback (the app's `push.fetch` is the real fetch,
 * `fcmEndpoint` points at the fake): the request shape (URL with the service account's project, OAuth bearer,
 * message {token, notification, data}), the token FCM calls unregistered dropped, other refusals kept; and the
 * push configuration: env parsing, GET /api/push/config with and without it, the CSP's connect-src.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { FIREBASE_CONNECT_ORIGINS, htmlContentSecurityPolicy } from '../../src/server/plugins/security-headers';
import { loadPushConfig } from '../../src/server/push/push-config';
import { startPushApp, type PushApp } from './support/push-app';

interface Received {
  url: string;
  authorization: string | undefined;
  body: { message: { token: string; notification: { title: string; body: string }; data: Record<string, string> } };
}

let fake: Server;
let fakeOrigin: string;
let received: Received[] = [];
/** token → what the fake FCM answers for it (default 200 with a message name). */
const answers = new Map<string, { status: number; body: unknown }>();

const unregistered = {
  status: 404,
  body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } },
};

beforeAll(async () => {
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      received.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = answers.get(body.message.token) ?? { status: 200, body: { name: `projects/souk-test/messages/${received.length}` } };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeOrigin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('FCM HTTP v1 sender', () => {
  let t: PushApp;
  let tokenCalls = 0;
  beforeAll(async () => {
    t = await startPushApp({
      fcm: { keyFile: '/nonexistent/service-account.json', projectId: 'souk-test' },
      fcmEndpoint: fakeOrigin,
      accessToken: async () => {
        tokenCalls += 1;
        return 'ya29.test-access-token';
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the active sender and posts one message per device to the project, with the OAuth token', async () => {
    received = [];
    expect(t.app.push.provider).toBe('fcm');
    const a = await t.register('fcmA');
    const b = await t.register('fcmB');
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: 'tok-a1' } });
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: 'tok-a2' } });
    await t.call('POST', '/api/fcm/token', { token: b.token, body: { fcm_token: 'tok-b1' } });

    const data = { sender_id: String(b.userId), url: `/community/messages/${b.userId}` };
    const outcome = await t.app.push.notify([a.userId], { title: 'Amina', body: 'Is it ready?', data });
    expect(outcome).toEqual({ delivered: 2, dropped: 0 });
    expect(tokenCalls).toBe(1);
    expect(received.map((r) => r.body.message.token).sort()).toEqual(['tok-a1', 'tok-a2']);
    for (const r of received) {
      expect(r.url).toBe('/v1/projects/souk-test/messages:send');
      expect(r.authorization).toBe('Bearer ya29.test-access-token');
      expect(r.body.message).toMatchObject({ notification: { title: 'Amina', body: 'Is it ready?' }, data });
    }
    // Nothing reaches the local log when FCM sends.
    expect(await t.db.kysely.selectFrom('push_log').selectAll().execute()).toEqual([]);
  });

  it('drops the tokens FCM calls unregistered (404 / UNREGISTERED), keeps those refused for other reasons', async () => {
    received = [];
    const a = await t.register('fcmDrop');
    for (const token of ['tok-live', 'tok-gone', 'tok-gone-400', 'tok-bad', 'tok-busy']) {
      await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: token } });
    }
    answers.set('tok-gone', unregistered);
    answers.set('tok-gone-400', { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', details: [{ errorCode: 'UNREGISTERED' }] } } });
    answers.set('tok-bad', { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', details: [{ errorCode: 'INVALID_ARGUMENT' }] } } });
    answers.set('tok-busy', { status: 503, body: 'unavailable' });

    const outcome = await t.app.push.notify([a.userId], { title: 't', body: 'b', data: {} });
    expect(outcome).toEqual({ delivered: 1, dropped: 2 });
    expect(received).toHaveLength(5);
    const left = await t.db.kysely.selectFrom('device_tokens').select('token').where('user_id', '=', a.userId).orderBy('token').execute();
    expect(left.map((r) => r.token)).toEqual(['tok-bad', 'tok-busy', 'tok-live']);
  });

  it('never throws: no devices is a no-op, a failing token source or an unreachable FCM deliver nothing', async () => {
    received = [];
    const a = await t.register('fcmNone');
    expect(await t.app.push.notify([a.userId], { title: 't', body: 'b', data: {} })).toEqual({ delivered: 0, dropped: 0 });
    expect(received).toEqual([]);

    const broken = await startPushApp({
      fcm: { keyFile: '/nonexistent.json', projectId: 'p' },
      fcmEndpoint: 'http://127.0.0.1:9',
      accessToken: async () => 'x',
    });
    try {
      const u = await broken.register('unreachable');
      await broken.call('POST', '/api/fcm/token', { token: u.token, body: { fcm_token: 'tok-x' } });
      expect(await broken.app.push.notify([u.userId], { title: 't', body: 'b', data: {} })).toEqual({ delivered: 0, dropped: 0 });
      expect(await broken.db.kysely.selectFrom('device_tokens').select('token').execute()).toEqual([{ token: 'tok-x' }]);
    } finally {
      await broken.close();
    }

    const noAuth = await startPushApp({
      fcm: { keyFile: '/nonexistent.json', projectId: 'p' },
      fcmEndpoint: fakeOrigin,
      accessToken: () => Promise.reject(new Error('invalid_grant')),
    });
    try {
      const u = await noAuth.register('noauth');
      await noAuth.call('POST', '/api/fcm/token', { token: u.token, body: { fcm_token: 'tok-y' } });
      expect(await noAuth.app.push.notify([u.userId], { title: 't', body: 'b', data: {} })).toEqual({ delivered: 0, dropped: 0 });
      expect(received).toEqual([]);
    } finally {
      await noAuth.close();
    }
  });
});

const WEB_CONFIG = { apiKey: 'AIzaSyTest-Key_123', authDomain: 'souk-test.firebaseapp.com', projectId: 'souk-test', messagingSenderId: '123456789012', appId: '1:123456789012:web:abcdef0123456789' };
const VAPID = `B${'A'.repeat(86)}`;

describe('push configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'souk-push-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads FIREBASE_WEB_CONFIG, FIREBASE_VAPID_KEY and the service account file', () => {
    const keyFile = join(dir, 'sa.json');
    writeFileSync(keyFile, JSON.stringify({ type: 'service_account', project_id: 'souk-prod', client_email: 'push@souk-prod.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\n...' }));
    const config = loadConfig({ FIREBASE_WEB_CONFIG: JSON.stringify(WEB_CONFIG), FIREBASE_VAPID_KEY: VAPID, FCM_SERVICE_ACCOUNT_FILE: keyFile });
    expect(config.push).toEqual({ firebase: WEB_CONFIG, vapidKey: VAPID, fcm: { keyFile, projectId: 'souk-prod' }, fcmEndpoint: null, logEndpoint: false });
  });

  it('refuses what is malformed, one line per variable, and the test-only switches in production', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"type":"authorized_user"}');
    const problems = (env: Record<string, string>) => loadPushConfig(env).problems;
    expect(problems({ FIREBASE_WEB_CONFIG: '{nope', FIREBASE_VAPID_KEY: VAPID })).toEqual(['FIREBASE_WEB_CONFIG: must be JSON']);
    expect(problems({ FIREBASE_WEB_CONFIG: '{"apiKey":"x"}', FIREBASE_VAPID_KEY: VAPID })[0]).toMatch(/^FIREBASE_WEB_CONFIG: must be the Firebase web config/);
    expect(problems({ FIREBASE_WEB_CONFIG: JSON.stringify(WEB_CONFIG) })).toEqual(['FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY: set both or neither']);
    expect(problems({ FIREBASE_WEB_CONFIG: JSON.stringify(WEB_CONFIG), FIREBASE_VAPID_KEY: 'short' })[0]).toMatch(/^FIREBASE_VAPID_KEY/);
    expect(problems({ FCM_SERVICE_ACCOUNT_FILE: join(dir, 'missing.json') })[0]).toMatch(/^FCM_SERVICE_ACCOUNT_FILE: .* cannot be read$/);
    expect(problems({ FCM_SERVICE_ACCOUNT_FILE: bad })[0]).toMatch(/^FCM_SERVICE_ACCOUNT_FILE: must be a service account key file/);
    expect(problems({ FCM_ENDPOINT: 'http://127.0.0.1:9999', PUSH_LOG_ENDPOINT: '1' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', FCM_ENDPOINT: 'http://127.0.0.1:9999', PUSH_LOG_ENDPOINT: '1' })).toEqual([
      'FCM_ENDPOINT: refused when NODE_ENV=production (it exists for tests)',
      'PUSH_LOG_ENDPOINT: refused when NODE_ENV=production (it exists for local development)',
    ]);
    expect(() => loadConfig({ FIREBASE_VAPID_KEY: VAPID })).toThrow(/FIREBASE_WEB_CONFIG and FIREBASE_VAPID_KEY/);
  });

  it('GET /api/push/config: not configured without the variables, and the HTML CSP has no Firebase hosts', async () => {
    const t = await startPushApp();
    try {
      const res = await t.call('GET', '/api/push/config');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, configured: false, firebase: null, vapidKey: null });
    } finally {
      await t.close();
    }
    const csp = htmlContentSecurityPolicy();
    for (const origin of FIREBASE_CONNECT_ORIGINS) expect(csp).not.toContain(origin);
  });

  it('GET /api/push/config: the web config and VAPID key when configured (to guests too), and connect-src admits Firebase', async () => {
    const t = await startPushApp({ firebase: { ...WEB_CONFIG }, vapidKey: VAPID });
    try {
      const res = await t.call('GET', '/api/push/config');
      expect(res.json).toEqual({ success: true, configured: true, firebase: WEB_CONFIG, vapidKey: VAPID });
      expect(t.app.push.provider).toBe('local');
    } finally {
      await t.close();
    }
    const connect = htmlContentSecurityPolicy({ firebase: true }).split('; ').find((d) => d.startsWith('connect-src '));
    expect(connect).toBe(`connect-src 'self' ${FIREBASE_CONNECT_ORIGINS.join(' ')}`);
    expect(htmlContentSecurityPolicy({ firebase: true })).not.toMatch(/script-src[^;]*googleapis/);
  });
});
