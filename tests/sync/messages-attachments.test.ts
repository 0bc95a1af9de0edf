/**
 * Attachments sent through the outbox against the real server (docs/COMMUNITY.md "Messages"), through the
 * DataService on fake-indexeddb: a buyer's message with a PNG and a PDF queued offline shows them at once (data
 * URLs), arrives once when the network returns (its first answer lost, the replay answered from the idempotency
 * record), and both files are then served at the server's URLs, byte for byte, which the local message now
 * shows; a seller's message that is only an attachment goes through POST /api/v1/seller/messages the same way.
 */
import { describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../src/workers/data-api';
import { authHeaders, registerUser, requestJson } from '../helpers/auth';
import { communityServer } from '../helpers/community-server';
import { waitFor } from './support/client';

const env = communityServer();

function seller() {
  const first = env.sellers[0];
  if (!first) throw new Error('no seller signed in');
  return first;
}

/** A 1×1 PNG and a one-page PDF. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

/** Each attachment of a message fetched from the server: status, type and bytes. */
async function served(message: LocalMessage) {
  return Promise.all(
    message.attachments.map(async (a) => {
      const res = await fetch(new URL(a.url, env.server.url));
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    }),
  );
}

describe('a message with attachments', () => {
  it("queued offline by the buyer arrives once with a PNG and a PDF, served at the server's URLs", async () => {
    const buyer = await registerUser(env.server.url);
    const c = await env.start(buyer.token);
    const thread = { kind: 'messages', shopId: seller().shopId } as const;

    env.goOffline(c);
    const png = dataUrl('image/png', PNG);
    const pdf = dataUrl('application/pdf', PDF);
    const { messageId, entryId } = await c.service.sendMessage({
      shopId: seller().shopId,
      content: 'This pattern, in the sizes of the guide',
      attachments: [
        { name: 'pattern.png', data_url: png },
        { name: 'size-guide.pdf', data_url: pdf },
      ],
    });
    expect((await c.service.query(thread)).data.map((m) => [m.id, m.local_state, m.attachments])).toEqual([
      [
        messageId,
        'queued',
        [
          { url: png, name: 'pattern.png', type: 'image/png', size: PNG.length },
          { url: pdf, name: 'size-guide.pdf', type: 'application/pdf', size: PDF.length },
        ],
      ],
    ]);

    env.net.loseAnswerOf = (r) => r.url.pathname === '/api/messages';
    env.goOnline(c);
    await waitFor(() => env.drained(c), 15_000, 'message sent');
    expect((await c.service.query({ kind: 'outbox' })).find((e) => e.id === entryId)?.state).toBe('done');
    const sent = env.net.writes().filter((w) => w.url.pathname === '/api/messages');
    expect(sent.map((w) => [w.headers.get('idempotency-key'), w.lost, w.replayed])).toEqual([
      [entryId, true, false],
      [entryId, false, true],
    ]);
    const rows = await env.server.db.kysely.selectFrom('messages').select('id').where('client_ref', '=', messageId).execute();
    expect(rows).toHaveLength(1);
    const files = await env.server.db.kysely.selectFrom('message_attachments').select('name').where('message_id', '=', rows[0]?.id ?? 0).execute();
    expect(files.map((f) => f.name).sort()).toEqual(['pattern.png', 'size-guide.pdf']);

    // The server's copy replaced the shown one (same id, one document), with its URLs.
    await waitFor(async () => (await c.service.query(thread)).data[0]?.local_state === 'confirmed', 10_000, 'message confirmed');
    const [mine, ...others] = (await c.service.query(thread)).data;
    expect(others).toEqual([]);
    expect(mine).toMatchObject({ id: messageId, message_id: Number(rows[0]?.id), content: 'This pattern, in the sizes of the guide' });
    expect(mine?.attachments.map((a) => [a.name, a.type, a.size])).toEqual([
      ['pattern.png', 'image/png', PNG.length],
      ['size-guide.pdf', 'application/pdf', PDF.length],
    ]);
    expect(mine?.attachments.every((a) => /^\/media\/messages\/[0-9a-f]{32}\.(png|pdf)$/.test(a.url))).toBe(true);
    const got = await served(mine as LocalMessage);
    expect(got.map((g) => [g.status, g.type])).toEqual([
      [200, 'image/png'],
      [200, 'application/pdf'],
    ]);
    expect(got[0]?.bytes.equals(PNG)).toBe(true);
    expect(got[1]?.bytes.equals(PDF)).toBe(true);

    // The seller's side of the conversation has it once, attachments and all.
    const onServer = await requestJson<{ messages: LocalMessage[] }>(env.server.url, 'GET', `/api/v1/seller/messages/users/${buyer.user.id}`, undefined, authHeaders(seller().token));
    expect(onServer.body.messages.map((m) => [m.id, m.attachments.map((a) => a.url)])).toEqual([[messageId, mine?.attachments.map((a) => a.url)]]);
  });

  it("from the seller, only an attachment, goes through POST /api/v1/seller/messages and reaches the buyer's mirror", async () => {
    const buyer = await registerUser(env.server.url);
    const buyerId = Number(buyer.user.id);
    const first = await requestJson(env.server.url, 'POST', '/api/messages', { shop_id: seller().shopId, content: 'Do you have an invoice?', client_ref: crypto.randomUUID() }, authHeaders(buyer.token));
    expect(first.status).toBe(201);

    const c = await env.start(seller().token);
    await waitFor(async () => (await c.service.query({ kind: 'conversations' })).some((cv) => cv.user_id === buyerId), 10_000, 'conversation pulled');
    env.goOffline(c);
    const { messageId } = await c.service.sendMessage({ shopId: seller().shopId, toUserId: buyerId, content: '', attachments: [{ name: 'invoice.pdf', data_url: dataUrl('application/pdf', PDF) }] });
    env.goOnline(c);
    await waitFor(() => env.drained(c), 15_000, 'message sent');
    expect(env.net.writes().filter((w) => w.url.pathname === '/api/v1/seller/messages').map((w) => w.status)).toEqual([201]);

    const b = await env.start(buyer.token);
    await waitFor(async () => (await b.service.query({ kind: 'messages', shopId: seller().shopId })).data.length === 2, 10_000, "buyer's mirror");
    const answer = (await b.service.query({ kind: 'messages', shopId: seller().shopId })).data.find((m) => m.id === messageId);
    expect(answer).toMatchObject({ sender: 'shop', content: '', local_state: 'confirmed' });
    expect(answer?.attachments.map((a) => [a.name, a.type, a.size])).toEqual([['invoice.pdf', 'application/pdf', PDF.length]]);
    const got = await served(answer as LocalMessage);
    expect(got[0]?.status).toBe(200);
    expect(got[0]?.bytes.equals(PDF)).toBe(true);
  });
});
