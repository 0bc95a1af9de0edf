/** POST /api/user/preferences: any subset of the six, strictly typed, language and timezone from fixed sets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/domain/account';
import { call, registerBuyer, startAccountServer, userRow, type AccountServer, type ErrorBody } from './support/account-server';

interface UserReply {
  status: string;
  message: string;
  user: User;
}

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const save = (token: string | null, body: unknown) => call<UserReply & ErrorBody>(server, 'POST', '/api/user/preferences', { token, body });

describe('POST /api/user/preferences', () => {
  it('starts from the defaults', async () => {
    const a = await registerBuyer(server, 'defaults');
    expect(a.user.preferences).toEqual({
      email_notifications: true,
      marketing_emails: false,
      order_updates: true,
      newsletter: false,
      language: 'ma',
      timezone: 'Africa/Casablanca',
    });
  });

  it('saves all six and answers the new user, no-store', async () => {
    const a = await registerBuyer(server, 'all');
    const preferences = {
      email_notifications: false,
      marketing_emails: true,
      order_updates: false,
      newsletter: true,
      language: 'ar',
      timezone: 'Asia/Riyadh',
    };
    const res = await save(a.token, preferences);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Preferences updated successfully' });
    expect(res.body.user.preferences).toEqual(preferences);
    const again = await call<UserReply>(server, 'GET', '/api/user/profile', { token: a.token });
    expect(again.body.user.preferences).toEqual(preferences);
  });

  it('changes only the subset given', async () => {
    const a = await registerBuyer(server, 'subset');
    const res = await save(a.token, { newsletter: true });
    expect(res.status).toBe(200);
    expect(res.body.user.preferences).toEqual({ ...a.user.preferences, newsletter: true });
    expect((await save(a.token, {})).body.user.preferences).toEqual({ ...a.user.preferences, newsletter: true });
  });

  it('stores a time zone under its canonical name', async () => {
    const a = await registerBuyer(server, 'tz');
    const res = await save(a.token, { timezone: ' europe/paris ' });
    expect(res.status).toBe(200);
    expect(res.body.user.preferences.timezone).toBe('Europe/Paris');
  });

  it.each([
    [{ newsletter: 'true' }, 'newsletter', 'The newsletter field must be true or false.'],
    [{ email_notifications: 1 }, 'email_notifications', 'The email notifications field must be true or false.'],
    [{ marketing_emails: null }, 'marketing_emails', 'The marketing emails field must be true or false.'],
    [{ order_updates: 'yes' }, 'order_updates', 'The order updates field must be true or false.'],
    [{ language: 'it' }, 'language', 'The selected language is invalid.'],
    [{ language: 'AR' }, 'language', 'The selected language is invalid.'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'The selected timezone is invalid.'],
    [{ timezone: '' }, 'timezone', 'The selected timezone is invalid.'],
    [{ timezone: 'A'.repeat(100) }, 'timezone', 'The selected timezone is invalid.'],
    [{ timezone: 5 }, 'timezone', 'The selected timezone is invalid.'],
  ])('refuses %j (%s) and changes nothing', async (body, parameter, message) => {
    const a = await registerBuyer(server, 'bad');
    const before = await userRow(server, a.userId);
    const res = await save(a.token, { newsletter: true, ...body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    expect(res.body.errors).toEqual([{ parameter, message }]);
    expect(await userRow(server, a.userId)).toEqual(before);
  });

  it('is 401 for a guest', async () => {
    const res = await save(null, { newsletter: true });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});
