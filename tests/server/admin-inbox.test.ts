/**
 * The operator's inbox (docs/OPERATOR.md "Inbox"): admins and managers list the contact messages (open or
 * answered, newest first, paged), answer one by email through the mail sender (the log sender here: the answer
 * says so, and the mail is in its outbox), which marks it answered and records the audit; a second answer is 409,
 * a failed mail 502 with the message open again. The newsletter subscribers export as CSV (RFC 4180, formulas
 * defused). A seller or a buyer 403, a guest 401; bad input 4xx, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogMailSender } from '../../src/server/mail/log-mail-sender';
import { authHeaders, login, postJson, registerUser, sellerLogin, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as } from './support/order-fixtures';

let server: AuthServer;
let admin: RegisteredUser;
let manager: RegisteredUser;
let buyer: RegisteredUser;
let sellerToken: string;
let clock = Date.UTC(2026, 10, 2, 9, 0);
const ids: number[] = [];

interface Message {
  id: number;
  email: string;
  subject: string;
  status: string;
  reply: string | null;
  answered_at: number | null;
  answered_by: number | null;
  created_at: number;
}
type Answer<T> = { data: T; code?: string; message?: string; meta?: { current_page: number; last_page: number; per_page: number; total: number }; mail?: { sender: string }; errors?: { parameter: string }[] };

const list = (query: string, token = admin.token) => as<Answer<Message[]>>(server.url, token, 'GET', `/api/admin/contact-messages${query}`);
const answer = (id: number | string, body: unknown, token = admin.token) => as<Answer<Message>>(server.url, token, 'POST', `/api/admin/contact-messages/${id}/reply`, body);
const outbox = () => (server.app.mail as LogMailSender).outbox;
const messageRow = (id: number) => server.db.kysely.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startAuthServer({ products: 10, auth: { now: () => clock } });
  admin = await registerUser(server.url, { first_name: 'Operator' });
  manager = await registerUser(server.url, { first_name: 'Manager' });
  buyer = await registerUser(server.url);
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', Number(admin.user.id)).execute();
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', Number(manager.user.id)).execute();
  admin = { ...admin, token: (await login(server.url, admin.email, admin.password)).token };
  manager = { ...manager, token: (await login(server.url, manager.email, manager.password)).token };
  const shop = await server.db.kysely.selectFrom('shops').select('slug').where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
  sellerToken = (await sellerLogin(server.url, shop.slug)).token;
  for (const [i, subject] of ['Caftan sizes', 'Delivery to Fès', 'Return of a djellaba'].entries()) {
    clock += 1000;
    const res = await postJson<{ data: { id: number } }>(server.url, '/api/contact', {
      first_name: 'Salma',
      last_name: 'Bennani',
      email: `salma${i}@example.test`,
      subject,
      message: `Question ${i}\nSecond line`,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.data.id);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('listing contact messages', () => {
  it('gives admins and managers the messages newest first, filtered and paged', async () => {
    for (const token of [admin.token, manager.token]) {
      const res = await list('', token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.body.data.map((m) => m.id)).toEqual([...ids].reverse());
      expect(res.body.data[0]).toMatchObject({ subject: 'Return of a djellaba', status: 'open', reply: null, answered_at: null, answered_by: null });
    }
    const paged = await list('?per_page=2&page=2');
    expect(paged.body.data.map((m) => m.id)).toEqual([ids[0]]);
    expect(paged.body.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect((await list('?status=answered')).body.data).toEqual([]);
    expect((await list('?status=OPEN')).body.data).toHaveLength(3);
  });

  it('refuses bad parameters with 400, and other roles', async () => {
    for (const query of ['?status=closed', '?page=0', '?per_page=101', '?page=x']) expect((await list(query)).status, query).toBe(400);
    for (const token of [sellerToken, buyer.token]) {
      const res = await list('', token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await fetch(`${server.url}/api/admin/contact-messages`)).status).toBe(401);
  });
});

describe('answering a contact message', () => {
  it('mails the answer through the log sender, marks the message answered and records the audit', async () => {
    const id = ids[1] ?? 0;
    clock += 60_000;
    const sentBefore = outbox().length;
    const res = await answer(id, { body: '  Yes, we deliver to Fès in 3–5 days.\nThank you.  ' }, manager.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mail).toEqual({ sender: 'log' });
    expect(res.body.message).toContain('log sender');
    expect(res.body.data).toMatchObject({ id, status: 'answered', reply: 'Yes, we deliver to Fès in 3–5 days.\nThank you.', answered_at: clock, answered_by: Number(manager.user.id) });

    expect(outbox()).toHaveLength(sentBefore + 1);
    const mail = outbox().at(-1);
    expect(mail).toMatchObject({ to: 'salma1@example.test', subject: 'Re: Delivery to Fès' });
    expect(mail?.text.startsWith('Yes, we deliver to Fès in 3–5 days.\nThank you.')).toBe(true);
    expect(mail?.text).toContain('> Question 1\n> Second line');

    expect(await messageRow(id)).toMatchObject({ status: 'answered', answered_by: Number(manager.user.id) });
    const audit = await server.db.kysely.selectFrom('audit_log').selectAll().where('object_type', '=', 'contact_message').where('object_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'contact_message.reply', actor_user_id: Number(manager.user.id), actor_role: 'manager', created_at: clock });

    expect((await list('?status=answered')).body.data.map((m) => m.id)).toEqual([id]);
    expect((await list('?status=open')).body.data.map((m) => m.id)).toEqual([ids[2], ids[0]]);
  });

  it('refuses a second answer (409), an unknown message (404), a bad body (422), other roles (403)', async () => {
    const sentBefore = outbox().length;
    const twice = await answer(ids[1] ?? 0, { body: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('CONTACT_MESSAGE_ANSWERED');
    for (const id of [999_999, 'abc', 0]) {
      const res = await answer(id, { body: 'Hello' });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.code).toBe('CONTACT_MESSAGE_NOT_FOUND');
    }
    for (const body of [{}, { body: '   ' }, { body: 42 }, { body: 'x'.repeat(5001) }, { body: 'a\u0000b' }, [1]]) {
      const res = await answer(ids[0] ?? 0, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
    }
    for (const token of [sellerToken, buyer.token]) expect((await answer(ids[0] ?? 0, { body: 'Hello' }, token)).status).toBe(403);
    expect(outbox()).toHaveLength(sentBefore);
    expect(await messageRow(ids[0] ?? 0)).toMatchObject({ status: 'open', reply: null });
  });

  it('a mail that fails: 502 MAIL_FAILED, the message open again, the failure audited', async () => {
    const sender = server.app.mail;
    const send = sender.send;
    sender.send = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await answer(ids[2] ?? 0, { body: 'We accept returns within 30 days.' });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('MAIL_FAILED');
    } finally {
      sender.send = send;
    }
    expect(await messageRow(ids[2] ?? 0)).toMatchObject({ status: 'open', reply: null, answered_at: null, answered_by: null });
    const actions = await server.db.kysely.selectFrom('audit_log').select('action').where('object_type', '=', 'contact_message').where('object_id', '=', String(ids[2])).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['contact_message.reply', 'contact_message.reply_failed']);
    // Once the mail goes again, it can be answered.
    expect((await answer(ids[2] ?? 0, { body: 'We accept returns within 30 days.' })).status).toBe(200);
  });
});

describe('the newsletter subscribers CSV', () => {
  it('exports every subscriber, quoted per RFC 4180, formulas defused, for admins and managers only', async () => {
    expect((await postJson(server.url, '/api/newsletter', { email: 'Amal@Example.test' })).status).toBe(201);
    await server.db.kysely
      .insertInto('newsletter_subscriptions')
      .values([
        { email: '=HYPERLINK("http://x")@evil.test', user_id: null, created_at: Date.UTC(2026, 10, 3) },
        { email: 'a,b@example.test', user_id: null, created_at: Date.UTC(2026, 10, 4) },
      ])
      .execute();
    for (const token of [admin.token, manager.token]) {
      const res = await fetch(`${server.url}/api/admin/newsletter-subscribers.csv`, { headers: authHeaders(token) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = text.slice(1).split('\r\n');
      expect(rows[0]).toBe('email,subscribed_at');
      expect(rows).toContain(`amal@example.test,${new Date(clock).toISOString()}`);
      expect(rows).toContain(`"'=HYPERLINK(""http://x"")@evil.test",2026-11-03T00:00:00.000Z`);
      expect(rows).toContain('"a,b@example.test",2026-11-04T00:00:00.000Z');
      expect(rows.at(-1)).toBe('');
    }
    for (const token of [sellerToken, buyer.token]) {
      const res = await fetch(`${server.url}/api/admin/newsletter-subscribers.csv`, { headers: authHeaders(token) });
      expect(res.status).toBe(403);
    }
    expect((await fetch(`${server.url}/api/admin/newsletter-subscribers.csv`)).status).toBe(401);
  });
});
