/**
 * Push (docs/COMMUNITY.md "Push"): device tokens (save, refresh, move, at most 10 per user, delete, auth and
 * validation), the local sender's push_log (a message notification), and the dev-only log endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEVICE_TOKENS } from '../../src/server/push/device-tokens';
import { messageNotification } from '../../src/server/push/notifications';
import { startPushApp, type PushApp } from './support/push-app';

let t: PushApp;
let clock = 1_000;

beforeAll(async () => {
  t = await startPushApp({ logEndpoint: true });
  // Each save a millisecond later, so "the least recently saved" is well defined.
  t.app.authOptions.now = () => (clock += 1);
});
afterAll(async () => {
  await t?.close();
});

const tokensOf = async (userId: number): Promise<string[]> =>
  (await t.db.kysely.selectFrom('device_tokens').select('token').where('user_id', '=', userId).orderBy('last_used_at').execute()).map((r) => r.token);

const fcmToken = (n: number | string) => `fcm-token:${n}_${'x'.repeat(140)}`;

describe('POST /api/fcm/token', () => {
  it('needs a session: 401 UNAUTHENTICATED for a guest, nothing stored', async () => {
    const res = await t.call('POST', '/api/fcm/token', { body: { fcm_token: fcmToken('guest') } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, status: 'error', code: 'UNAUTHENTICATED' });
    expect(await t.db.kysely.selectFrom('device_tokens').selectAll().where('token', '=', fcmToken('guest')).execute()).toEqual([]);
  });

  it('saves the token of the signed-in user (no-store), and saving it again keeps one row', async () => {
    const a = await t.register('save');
    const first = await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('a1') } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, status: 'success', message: 'Device token saved' });
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('a1') } })).status).toBe(200);
    expect(await tokensOf(a.userId)).toEqual([fcmToken('a1')]);
  });

  it('refuses a missing, non-string, too long or spaced token with 422 VALIDATION on fcm_token', async () => {
    const a = await t.register('invalid');
    for (const body of [{}, { fcm_token: '' }, { fcm_token: 42 }, { fcm_token: 'x'.repeat(4097) }, { fcm_token: 'has space' }, { fcm_token: 'nul\u0000' }]) {
      const res = await t.call('POST', '/api/fcm/token', { token: a.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.json.code).toBe('VALIDATION');
      expect((res.json.errors as { parameter: string }[])[0]?.parameter).toBe('fcm_token');
    }
    expect((await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: 'y'.repeat(4096) } })).status).toBe(200);
    expect(await tokensOf(a.userId)).toEqual(['y'.repeat(4096)]);
  });

  it('keeps at most 10 per user: the least recently saved goes, a re-saved one stays', async () => {
    const a = await t.register('limit');
    for (let i = 0; i < MAX_DEVICE_TOKENS; i++) {
      expect((await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken(`l${i}`) } })).status).toBe(200);
    }
    // l0 is saved again: now l1 is the oldest.
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('l0') } });
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('l10') } });
    const kept = await tokensOf(a.userId);
    expect(kept).toHaveLength(MAX_DEVICE_TOKENS);
    expect(kept).not.toContain(fcmToken('l1'));
    expect(kept).toContain(fcmToken('l0'));
    expect(kept.at(-1)).toBe(fcmToken('l10'));
  });

  it('moves a token to the user who saved it last (one device, another account) without touching the limit of others', async () => {
    const a = await t.register('moveA');
    const b = await t.register('moveB');
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('shared') } });
    await t.call('POST', '/api/fcm/token', { token: b.token, body: { fcm_token: fcmToken('shared') } });
    expect(await tokensOf(a.userId)).toEqual([]);
    expect(await tokensOf(b.userId)).toEqual([fcmToken('shared')]);
  });
});

describe('DELETE /api/fcm/token', () => {
  it('removes only the caller’s own token; another user’s stays; absent is still 200', async () => {
    const a = await t.register('delA');
    const b = await t.register('delB');
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('da') } });
    await t.call('POST', '/api/fcm/token', { token: b.token, body: { fcm_token: fcmToken('db') } });

    const guest = await t.call('DELETE', '/api/fcm/token', { body: { fcm_token: fcmToken('da') } });
    expect(guest.status).toBe(401);
    const foreign = await t.call('DELETE', '/api/fcm/token', { token: b.token, body: { fcm_token: fcmToken('da') } });
    expect(foreign.status).toBe(200);
    expect(foreign.json.message).toBe('No such device token');
    expect(await tokensOf(a.userId)).toEqual([fcmToken('da')]);

    const own = await t.call('DELETE', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('da') } });
    expect(own.json).toMatchObject({ success: true, message: 'Device token removed' });
    expect(await tokensOf(a.userId)).toEqual([]);
    expect(await tokensOf(b.userId)).toEqual([fcmToken('db')]);
    expect((await t.call('DELETE', '/api/fcm/token', { token: a.token, body: {} })).status).toBe(422);
  });

  it('goes with the user (ON DELETE CASCADE)', async () => {
    const a = await t.register('cascade');
    await t.call('POST', '/api/fcm/token', { token: a.token, body: { fcm_token: fcmToken('cascade') } });
    await t.db.kysely.deleteFrom('sessions').where('user_id', '=', a.userId).execute();
    await t.db.kysely.deleteFrom('users').where('id', '=', a.userId).execute();
    expect(await tokensOf(a.userId)).toEqual([]);
  });
});

describe('the local sender (no FCM configured)', () => {
  it('is the active sender and records a message notification per user in push_log, with their device count', async () => {
    expect(t.app.push.provider).toBe('local');
    const seller = await t.register('sender');
    const buyer = await t.register('receiver');
    const quiet = await t.register('quiet');
    await t.call('POST', '/api/fcm/token', { token: buyer.token, body: { fcm_token: fcmToken('r1') } });
    await t.call('POST', '/api/fcm/token', { token: buyer.token, body: { fcm_token: fcmToken('r2') } });

    const text = `Salam! ${'The kaftan is ready. '.repeat(10)}`;
    const notification = messageNotification({ senderName: 'Atelier Fès', senderId: seller.userId, sentBy: 'shop', content: text });
    expect(notification.body.length).toBeLessThanOrEqual(120);
    expect(notification).toEqual({
      title: 'Atelier Fès',
      body: expect.stringMatching(/^Salam! The kaftan is ready\./) as unknown,
      data: { sender_id: String(seller.userId), url: `/community/messages/${seller.userId}` },
    });
    // A buyer's message goes to the shop's seller: their side of the thread.
    expect(messageNotification({ senderName: 'Amina', senderId: buyer.userId, sentBy: 'buyer', content: 'Salam' }).data).toEqual({
      sender_id: String(buyer.userId),
      url: `/community/messages/${buyer.userId}?as=shop`,
    });

    // Unknown users are left out; a user named twice is notified once.
    const outcome = await t.app.push.notify([buyer.userId, quiet.userId, buyer.userId, 987_654], notification);
    expect(outcome).toEqual({ delivered: 2, dropped: 0 });

    const rows = await t.db.kysely.selectFrom('push_log').selectAll().where('user_id', 'in', [buyer.userId, quiet.userId]).orderBy('id').execute();
    expect(rows.map((r) => [r.user_id, r.tokens, r.title, r.body, JSON.parse(r.data_json) as unknown])).toEqual([
      [buyer.userId, 2, 'Atelier Fès', notification.body, notification.data],
      [quiet.userId, 0, 'Atelier Fès', notification.body, notification.data],
    ]);
  });

  it('serves the caller’s own log at GET /api/dev/push-log when enabled (auth), newest first', async () => {
    const a = await t.register('devlog');
    const b = await t.register('devlogOther');
    await t.app.push.notify([a.userId], { title: 'One', body: 'first', data: { url: '/' } });
    await t.app.push.notify([a.userId, b.userId], { title: 'Two', body: 'second', data: { sender_id: '7', url: '/community/messages/7' } });
    expect((await t.call('GET', '/api/dev/push-log')).status).toBe(401);
    const res = await t.call('GET', '/api/dev/push-log', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json.provider).toBe('local');
    const data = res.json.data as { title: string; body: string; data: Record<string, string>; user_id: number }[];
    expect(data.map((d) => d.title)).toEqual(['Two', 'One']);
    expect(data[0]).toMatchObject({ body: 'second', data: { sender_id: '7', url: '/community/messages/7' }, user_id: a.userId });
  });

  it('has no log endpoint unless enabled', async () => {
    const other = await startPushApp();
    try {
      const res = await other.call('GET', '/api/dev/push-log');
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
