/**
 * Messages over REST (docs/COMMUNITY.md "Messages"): sending (JSON, base64
 * content, multipart and data-URL attachments), one message per client_ref,
 * both sides' conversation lists and pages (newest page first, oldest first
 * within it), read marking and unread counts, the push to the other side,
 * refusals (empty, too large, wrong type, too many) and nobody reaching a
 * conversation they are not in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePushUrl } from '../../src/domain/community';
import { messageSchema } from '../../src/domain/community-schemas';
import { authHeaders } from '../helpers/auth';
import { api, dataUrl, FILES, messageWorld, ref, startAuthServer, type MessageWorld } from './support/message-fixtures';

let w: MessageWorld;
beforeAll(async () => {
  w = await messageWorld(await startAuthServer({ products: 10 }));
});
afterAll(async () => {
  await w?.server.close();
});

type Json = Record<string, unknown>;
const data = (body: unknown) => (body as { data: Json }).data;

describe('sending', () => {
  it('a buyer writes to a shop: 201 with the message, the same client_ref answers the first message (200)', async () => {
    const client_ref = ref();
    const first = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'Salam, is this in blue?', client_ref });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const message = messageSchema.parse(data(first.body));
    expect(message).toMatchObject({ id: client_ref, shop_id: w.sellerX.shopId, user_id: w.buyer.userId, sender: 'buyer', sender_user_id: w.buyer.userId, content: 'Salam, is this in blue?', read_at: null });
    const again = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'Salam, is this in blue?', client_ref });
    expect(again.status).toBe(200);
    expect(data(again.body)).toEqual(data(first.body));
    const count = await w.server.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('client_ref', '=', client_ref).executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });

  it('notifies the other side by push: sender name, first 120 characters, sender_id and url (the seller’s side: ?as=shop)', async () => {
    w.pushes.length = 0;
    const long = 'x'.repeat(300);
    const res = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: long, client_ref: ref() });
    expect(res.status).toBe(201);
    await expect.poll(() => w.pushes.length).toBe(1);
    expect(w.pushes[0]).toEqual({
      userIds: [w.sellerX.userId],
      notification: {
        title: 'Amina Buyer',
        body: 'x'.repeat(120),
        data: { sender_id: String(w.buyer.userId), url: `/community/messages/${w.buyer.userId}?as=shop` },
      },
    });
  });

  it('the shop’s answer notifies the buyer with the shop’s id and the buyer’s side of the thread (no ?as)', async () => {
    w.pushes.length = 0;
    const res = await api(w.server, w.sellerX.token, 'POST', '/api/v1/seller/messages', { user_id: w.buyer.userId, content: 'Yes, in blue.', client_ref: ref() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expect.poll(() => w.pushes.length).toBe(1);
    expect(w.pushes[0]?.userIds).toEqual([w.buyer.userId]);
    expect(w.pushes[0]?.notification.data).toEqual({ sender_id: String(w.sellerX.shopId), url: `/community/messages/${w.sellerX.shopId}` });
    expect(messagePushUrl(w.sellerX.shopId, 'shop')).toBe(`/community/messages/${w.sellerX.shopId}`);
  });

  it('decodes base64 content (UTF-8, Arabic included)', async () => {
    const text = 'مرحبا — is the kaftan handmade?';
    const res = await api(w.server, w.buyer.token, 'POST', '/api/messages', {
      shop_id: w.sellerX.shopId,
      content: Buffer.from(text, 'utf8').toString('base64'),
      content_encoding: 'base64',
      client_ref: ref(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(data(res.body).content).toBe(text);
    const bad = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: '***', content_encoding: 'base64', client_ref: ref() });
    expect(bad.status).toBe(422);
  });

  it('refuses empty content without attachments, NUL, unknown shops and one’s own shop', async () => {
    const empty = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: '   ', client_ref: ref() });
    expect(empty.status).toBe(422);
    expect((empty.body as Json).code).toBe('VALIDATION');
    const nul = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'a\u0000b', client_ref: ref() });
    expect(nul.status).toBe(422);
    const unknown = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: 987654, content: 'hello', client_ref: ref() });
    expect(unknown.status).toBe(404);
    expect((unknown.body as Json).code).toBe('SHOP_NOT_FOUND');
    const own = await api(w.server, w.sellerX.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'me to me', client_ref: ref() });
    expect(own.status).toBe(422);
    expect((own.body as Json).code).toBe('MESSAGE_OWN_SHOP');
    const guest = await api(w.server, null, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'hello', client_ref: ref() });
    expect(guest.status).toBe(401);
  });
});

describe('attachments', () => {
  it('accepts JPG, PNG, GIF, WebP and PDF as data URLs, sniffed, and serves them', async () => {
    const res = await api(w.server, w.buyer.token, 'POST', '/api/messages', {
      shop_id: w.sellerX.shopId,
      content: '',
      client_ref: ref(),
      attachments_data: [dataUrl('image/png', FILES.png), dataUrl('image/jpeg', FILES.jpg), { name: 'pattern.gif', data: dataUrl('image/gif', FILES.gif) }, dataUrl('image/webp', FILES.webp), { name: 'size-chart.pdf', data: dataUrl('application/pdf', FILES.pdf) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const attachments = data(res.body).attachments as { url: string; name: string; type: string; size: number }[];
    expect(attachments.map((a) => a.type)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);
    expect(attachments[4]).toMatchObject({ name: 'size-chart.pdf', size: FILES.pdf.length });
    const file = await fetch(`${w.server.url}${attachments[0]?.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(FILES.png);
  });

  it('accepts multipart files', async () => {
    const form = new FormData();
    form.set('shop_id', String(w.sellerX.shopId));
    form.set('content', 'With a photo');
    form.set('client_ref', ref());
    form.append('attachments[]', new Blob([FILES.jpg]), 'photo.jpg');
    const res = await fetch(`${w.server.url}/api/messages`, { method: 'POST', headers: authHeaders(w.buyer.token), body: form });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(data(body).attachments).toEqual([expect.objectContaining({ name: 'photo.jpg', type: 'image/jpeg' })]);
  });

  it('refuses a file that is neither an image nor a PDF, whatever it claims (422)', async () => {
    const json = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'see', client_ref: ref(), attachments_data: [dataUrl('image/png', FILES.text)] });
    expect(json.status).toBe(422);
    expect(json.body).toMatchObject({ code: 'MESSAGE_ATTACHMENT_TYPE', message: 'Attachments must be images or PDF files.' });
    const form = new FormData();
    form.set('shop_id', String(w.sellerX.shopId));
    form.set('content', 'see');
    form.append('attachments[]', new Blob([FILES.text], { type: 'image/png' }), 'fake.png');
    const multipart = await fetch(`${w.server.url}/api/messages`, { method: 'POST', headers: authHeaders(w.buyer.token), body: form });
    expect(multipart.status).toBe(422);
  });

  it('refuses a file over 10 MB (413) and more than 5 files (422)', async () => {
    const big = Buffer.concat([FILES.png, Buffer.alloc(10 * 1024 * 1024)]);
    const json = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'big', client_ref: ref(), attachments_data: [dataUrl('image/png', big)] });
    expect(json.status).toBe(413);
    expect(json.body).toMatchObject({ code: 'MESSAGE_ATTACHMENT_TOO_LARGE', message: 'Each attachment must be at most 10 MB.' });
    const form = new FormData();
    form.set('shop_id', String(w.sellerX.shopId));
    form.set('content', 'big');
    form.append('attachments[]', new Blob([big]), 'big.png');
    const multipart = await fetch(`${w.server.url}/api/messages`, { method: 'POST', headers: authHeaders(w.buyer.token), body: form });
    expect(multipart.status).toBe(413);
    const six = await api(w.server, w.buyer.token, 'POST', '/api/messages', { shop_id: w.sellerX.shopId, content: 'six', client_ref: ref(), attachments_data: Array.from({ length: 6 }, () => dataUrl('image/png', FILES.png)) });
    expect(six.status).toBe(422);
    expect((six.body as Json).code).toBe('MESSAGE_TOO_MANY_ATTACHMENTS');
  });
});

describe('conversations, pages and unread', () => {
  it('pages newest first, oldest first within a page; both sides list the conversation; reading marks read', async () => {
    // The other buyer writes 25 messages to shop Y.
    for (let i = 1; i <= 25; i++) {
      const res = await api(w.server, w.other.token, 'POST', '/api/messages', { shop_id: w.sellerY.shopId, content: `m${i}`, client_ref: `page-ref-${i}` });
      expect(res.status).toBe(201);
    }
    const sellerList = await api(w.server, w.sellerY.token, 'GET', '/api/v1/seller/messages/conversations');
    expect(sellerList.status).toBe(200);
    const convs = (sellerList.body as Json).conversations as Json[];
    const conv = convs.find((c) => c.user_id === w.other.userId);
    expect(conv).toMatchObject({ name: 'Omar Other', unread_count: 25, last_message: 'm25', online: false });
    expect((sellerList.body as Json).total_unread).toBe(25);

    const unread = await api(w.server, w.sellerY.token, 'GET', '/api/v1/buyer/messages/unread-count?last_checked=0');
    expect(unread.body).toMatchObject({ success: true, unread_count: 25, has_new: true });
    expect(((unread.body as Json).new_messages as unknown[]).length).toBe(20);
    const later = await api(w.server, w.sellerY.token, 'GET', `/api/v1/buyer/messages/unread-count?last_checked=${Number((unread.body as Json).current_timestamp) + 1000}`);
    expect(later.body).toMatchObject({ unread_count: 25, has_new: false, new_messages: [] });

    const page1 = await api(w.server, w.sellerY.token, 'GET', `/api/v1/seller/messages/users/${w.other.userId}`);
    expect(page1.status).toBe(200);
    expect(((page1.body as Json).messages as Json[]).map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect((page1.body as Json).pagination).toEqual({ current_page: 1, last_page: 2, total: 25 });
    expect((page1.body as Json).otherUser).toMatchObject({ id: w.other.userId, name: 'Omar Other', online: false });
    const page2 = await api(w.server, w.sellerY.token, 'GET', `/api/v1/seller/messages/users/${w.other.userId}?page=2`);
    expect(((page2.body as Json).messages as Json[]).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(((page2.body as Json).messages as Json[]).every((m) => typeof m.read_at === 'number')).toBe(true);

    const afterRead = await api(w.server, w.sellerY.token, 'GET', '/api/v1/buyer/messages/unread-count');
    expect((afterRead.body as Json).unread_count).toBe(0);

    // The seller answers; the buyer sees it unread in their list, then reads it through the shop's page.
    const answer = await api(w.server, w.sellerY.token, 'POST', '/api/v1/seller/messages', { user_id: w.other.userId, content: 'Marhba!', client_ref: ref() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(data(answer.body)).toMatchObject({ sender: 'shop', sender_user_id: w.sellerY.userId, user_id: w.other.userId, shop_id: w.sellerY.shopId });
    const buyerList = await api(w.server, w.other.token, 'GET', '/api/v1/buyer/messages/shops');
    expect(buyerList.body).toMatchObject({ success: true, total_unread: 1 });
    expect(((buyerList.body as Json).conversations as Json[])[0]).toMatchObject({ shop_id: w.sellerY.shopId, name: w.sellerY.shopName, unread_count: 1, last_message: 'Marhba!' });
    const shopPage = await api(w.server, w.other.token, 'GET', `/api/v1/buyer/messages/shops/${w.sellerY.shopId}?per_page=2`);
    expect(((shopPage.body as Json).messages as Json[]).map((m) => m.content)).toEqual(['m25', 'Marhba!']);
    expect((shopPage.body as Json).otherUser).toMatchObject({ id: w.sellerY.shopId, name: w.sellerY.shopName });
    expect((await api(w.server, w.other.token, 'GET', '/api/v1/buyer/messages/shops')).body).toMatchObject({ total_unread: 0 });
  });

  it('a shop with no conversation yet answers an empty page; an unknown shop is 404', async () => {
    const empty = await api(w.server, w.buyer.token, 'GET', `/api/v1/buyer/messages/shops/${w.sellerY.shopId}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ messages: [], pagination: { current_page: 1, last_page: 1, total: 0 } });
    expect((await api(w.server, w.buyer.token, 'GET', '/api/v1/buyer/messages/shops/987654')).status).toBe(404);
  });
});

describe('nobody reads or writes others’ conversations', () => {
  it('another shop’s seller: 404 CONVERSATION_NOT_FOUND reading or writing; buyers: 403 on the seller side', async () => {
    const read = await api(w.server, w.sellerX.token, 'GET', `/api/v1/seller/messages/users/${w.other.userId}`);
    expect(read.status).toBe(404);
    expect((read.body as Json).code).toBe('CONVERSATION_NOT_FOUND');
    const write = await api(w.server, w.sellerX.token, 'POST', '/api/v1/seller/messages', { user_id: w.other.userId, content: 'spam', client_ref: ref() });
    expect(write.status).toBe(404);
    expect((write.body as Json).code).toBe('CONVERSATION_NOT_FOUND');
    expect((await api(w.server, w.buyer.token, 'GET', `/api/v1/seller/messages/users/${w.other.userId}`)).status).toBe(403);
    const sellerXList = (await api(w.server, w.sellerX.token, 'GET', '/api/v1/seller/messages/conversations')).body as Json;
    expect((sellerXList.conversations as Json[]).every((c) => c.shop_id === w.sellerX.shopId)).toBe(true);
    const buyerList = (await api(w.server, w.buyer.token, 'GET', '/api/v1/buyer/messages/shops')).body as Json;
    expect((buyerList.conversations as Json[]).every((c) => c.user_id === w.buyer.userId)).toBe(true);
  });

  it('the personal pulls hold only the caller’s conversations and their messages', async () => {
    for (const [party, expectUser] of [
      [w.buyer, (c: Json) => c.user_id === w.buyer.userId],
      [w.sellerY, (c: Json) => c.shop_id === w.sellerY.shopId],
    ] as const) {
      const convs = await api(w.server, party.token, 'GET', '/api/sync/conversations/pull?v=1');
      expect(convs.status).toBe(200);
      expect(convs.headers.get('cache-control')).toContain('no-store');
      const docs = (convs.body as Json).documents as Json[];
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.every(expectUser)).toBe(true);
      const msgs = await api(w.server, party.token, 'GET', '/api/sync/messages/pull?v=1&limit=2000');
      const ids = new Set(docs.map((d) => d.conversation_id));
      expect(((msgs.body as Json).documents as Json[]).every((m) => ids.has(m.conversation_id))).toBe(true);
    }
    expect((await api(w.server, null, 'GET', '/api/sync/messages/pull?v=1')).status).toBe(401);
  });
});
