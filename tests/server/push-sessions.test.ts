/**
 * A device token belongs to the session that saved it (docs/COMMUNITY.md
 * "Push"; migration 0013 session_id, cascade): logout deletes it, a password
 * change deletes the tokens of the other sessions, and the tokens of live
 * sessions stay. On SQLite and PostgreSQL.
 */
import { expect } from 'vitest';
import { onSqliteAndPostgres } from '../helpers/both-databases';
import { authHeaders, login, registerUser, requestJson } from '../helpers/auth';

const token = (name: string) => `fcm-token:${name}_${'x'.repeat(140)}`;

onSqliteAndPostgres('device tokens end with their session', async (url, db) => {
  const user = await registerUser(url);
  const phone = await login(url, user.email, user.password);
  const tablet = await login(url, user.email, user.password);
  for (const [session, name] of [
    [user.token, 'laptop'],
    [phone.token, 'phone'],
    [tablet.token, 'tablet'],
  ] as const) {
    expect((await requestJson(url, 'POST', '/api/fcm/token', { fcm_token: token(name) }, authHeaders(session))).status).toBe(200);
  }
  const tokens = async () =>
    (await db.kysely.selectFrom('device_tokens').select('token').where('user_id', '=', Number(user.user.id)).orderBy('token').execute()).map((r) => r.token);
  expect(await tokens()).toEqual([token('laptop'), token('phone'), token('tablet')]);

  expect((await requestJson(url, 'POST', '/api/auth/logout', undefined, authHeaders(phone.token))).status).toBe(200);
  expect(await tokens()).toEqual([token('laptop'), token('tablet')]);

  const changed = await requestJson(
    url,
    'POST',
    '/api/user/password',
    { current_password: user.password, password: 'another horse 2', password_confirmation: 'another horse 2' },
    authHeaders(user.token),
  );
  expect(changed.status).toBe(200);
  expect(await tokens()).toEqual([token('laptop')]);
});
