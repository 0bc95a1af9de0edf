/**
 * The contact form and the newsletter sign-up (issue 7) over real HTTP, on SQLite and PostgreSQL: a contact
 * message is stored as sent (201), with the spec's required/valid-email/500-character texts as 422 and bad
 * input (wrong types, NUL, a huge body, not an object) never a 5xx; an Idempotency-Key resend stores it once.
 * The newsletter keeps one row per lowercased email: 201 the first time, 200 "already subscribed" after.
 * Both are limited per client address (the `contact` and `newsletter` rules), on SQLite with small limits.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { authHeaders, postJson, registerUser, startAuthServer } from '../helpers/auth';
import { onSqliteAndPostgres } from '../helpers/both-databases';

const form = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Salma',
  last_name: 'Bennani',
  email: 'Salma.Bennani@Example.test',
  phone: '06 12 34 56 78',
  subject: 'Caftan sizes',
  message: 'Do you make caftans in size XXL?',
  ...overrides,
});

async function contactRows(db: Database) {
  return db.kysely.selectFrom('contact_messages').selectAll().orderBy('id').execute();
}

async function subscriptions(db: Database, email: string) {
  return db.kysely.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).execute();
}

function fieldErrors(body: Record<string, unknown>): Record<string, string> {
  const errors = (body.errors ?? []) as { parameter: string; message: string }[];
  return Object.fromEntries(errors.map((e) => [e.parameter, e.message]));
}

onSqliteAndPostgres('the contact form', async (url, db) => {
  const before = (await contactRows(db)).length;
  const sent = await postJson(url, '/api/contact', form());
  expect(sent.status).toBe(201);
  expect(sent.headers.get('cache-control')).toContain('no-store');
  expect(sent.body).toMatchObject({ status: 'success', message: 'Your message has been sent.' });
  const rows = await contactRows(db);
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)).toMatchObject({
    user_id: null,
    first_name: 'Salma',
    last_name: 'Bennani',
    email: 'salma.bennani@example.test',
    phone: '+212612345678',
    subject: 'Caftan sizes',
    message: 'Do you make caftans in size XXL?',
  });

  // A signed-in sender is remembered; the phone may be left out; exactly 500 characters pass.
  const user = await registerUser(url);
  const signedIn = await postJson(url, '/api/contact', form({ phone: '', message: 'م'.repeat(500) }), authHeaders(user.token));
  expect(signedIn.status).toBe(201);
  expect((await contactRows(db)).at(-1)).toMatchObject({ user_id: user.user.id, phone: null, message: 'م'.repeat(500) });

  // The same Idempotency-Key resent (the outbox after a lost answer): stored once, the same answer.
  const key = `contact-${Date.now()}`;
  const first = await postJson(url, '/api/contact', form({ subject: 'Queued' }), { 'idempotency-key': key });
  const again = await postJson(url, '/api/contact', form({ subject: 'Queued' }), { 'idempotency-key': key });
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  expect((await contactRows(db)).filter((r) => r.subject === 'Queued')).toHaveLength(1);

  // Validation: the accounts' field texts, every field listed, nothing stored.
  const count = (await contactRows(db)).length;
  const empty = await postJson(url, '/api/contact', {});
  expect(empty.status).toBe(422);
  expect(empty.body).toMatchObject({ success: false, status: 'error', code: 'VALIDATION', message: 'The first name field is required.' });
  expect(fieldErrors(empty.body)).toEqual({
    first_name: 'The first name field is required.',
    last_name: 'The last name field is required.',
    email: 'The email field is required.',
    subject: 'The subject field is required.',
    message: 'The message field is required.',
  });
  const wrong = await postJson(url, '/api/contact', form({ email: 'not-an-email', message: 'x'.repeat(501), phone: '12', subject: '   ' }));
  expect(wrong.status).toBe(422);
  expect(fieldErrors(wrong.body)).toEqual({
    email: 'The email must be a valid email address.',
    message: 'The message may not be greater than 500 characters.',
    phone: 'The phone must be a valid phone number.',
    subject: 'The subject field is required.',
  });

  // Bad input is refused, never a 5xx.
  const bad: [unknown, number][] = [
    [form({ first_name: 42 }), 422],
    [form({ message: ['a'] }), 422],
    [form({ subject: 'a\u0000b' }), 422],
    [form({ message: 'x'.repeat(100_000) }), 413],
    [[form()], 422],
    ['"just a string"', 422],
    ['{"first_name":', 400],
  ];
  for (const [body, status] of bad) {
    const reply = await postJson(url, '/api/contact', body);
    expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    expect(reply.body).toMatchObject({ success: false, status: 'error' });
  }
  expect((await contactRows(db)).length).toBe(count);
});

onSqliteAndPostgres('the newsletter sign-up', async (url, db) => {
  const email = `News.${Date.now()}@Example.test`;
  const lower = email.toLowerCase();
  const first = await postJson(url, '/api/newsletter', { email });
  expect(first.status).toBe(201);
  expect(first.body).toEqual({ status: 'success', message: 'You are subscribed to the newsletter.', data: { email: lower, already_subscribed: false } });

  // Again, in another case and with spaces, and twice at once: one row, 200 "already subscribed".
  const replies = await Promise.all([postJson(url, '/api/newsletter', { email: ` ${lower} ` }), postJson(url, '/api/newsletter', { email: email.toUpperCase() })]);
  for (const again of replies) {
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'success', message: 'You are already subscribed to the newsletter.', data: { email: lower, already_subscribed: true } });
  }
  expect(await subscriptions(db, lower)).toHaveLength(1);

  // Two addresses racing for the first row: exactly one 201.
  const raced = `race.${Date.now()}@example.test`;
  const race = await Promise.all([1, 2, 3].map(() => postJson(url, '/api/newsletter', { email: raced })));
  expect(race.map((r) => r.status).sort()).toEqual([200, 200, 201]);
  expect(await subscriptions(db, raced)).toHaveLength(1);

  for (const [body, message] of [
    [{}, 'The email field is required.'],
    [{ email: '' }, 'The email field is required.'],
    [{ email: 'nope' }, 'The email must be a valid email address.'],
    [{ email: 7 }, 'The email must be a string.'],
    [{ email: `${'a'.repeat(300)}@example.test` }, 'The email may not be greater than 254 characters.'],
    [{ email: 'a\u0000@example.test' }, undefined],
  ] as const) {
    const reply = await postJson(url, '/api/newsletter', body);
    expect(reply.status, JSON.stringify(body)).toBe(422);
    expect(reply.body).toMatchObject({ success: false, status: 'error', code: 'VALIDATION' });
    if (message !== undefined) expect(fieldErrors(reply.body).email).toBe(message);
  }
});

describe('rate limits', () => {
  it('contact and newsletter are limited per client address, each on its own counter', async () => {
    const server = await startAuthServer({
      auth: { rateLimits: { contact: { max: 2, windowMs: 60_000 }, newsletter: { max: 3, windowMs: 60_000 } } },
    });
    try {
      for (let i = 0; i < 2; i++) expect((await postJson(server.url, '/api/contact', form())).status).toBe(201);
      const refused = await postJson(server.url, '/api/contact', form());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await contactRows(server.db)).toHaveLength(2);

      for (let i = 0; i < 3; i++) expect((await postJson(server.url, '/api/newsletter', { email: `limit${i}@example.test` })).status).toBe(201);
      const limited = await postJson(server.url, '/api/newsletter', { email: 'limit9@example.test' });
      expect(limited.status).toBe(429);
      expect(await subscriptions(server.db, 'limit9@example.test')).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
