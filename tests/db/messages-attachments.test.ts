/**
 * Attachments of a queued message, locally (docs/COMMUNITY.md "Messages"): queueMessageSend checks them as the
 * server does (at most 5; each a base64 data URL of at most 10 MB whose bytes are JPG, PNG, GIF, WebP or PDF;
 * refused with the server's code and text, nothing written), lets a message be attachments only, puts them in
 * the body as `attachments_data: [{name, data}]` on both sides, and shows them at once (data URL, name, the
 * sniffed type, the decoded size) until the server's copy (its accepted answer) brings its own URLs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/domain/community-schemas';
import type { SoukDatabase } from '../../src/db/database';
import { checkMessageAttachments, queueMessageSend } from '../../src/db/messages';
import { completeEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { findMessages } from '../../src/db/queries/community';
import type { MessageAttachmentInput } from '../../src/workers/data-api';
import { openTestDatabase } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const SHOP = 3;
const BUYER = 7;
const SELLER = 9;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (head: readonly number[] | string, total: number) => {
  const out = Buffer.alloc(total, 0x20);
  (typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head)).copy(out);
  return out;
};
const dataUrl = (type: string, data: Buffer) => `data:${type};base64,${data.toString('base64')}`;

const png = dataUrl('image/png', bytes(PNG_HEAD, 70));
const pdf = dataUrl('application/pdf', bytes('%PDF-1.4\n', 301));
const jpeg = dataUrl('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 20));
const gif = dataUrl('image/gif', bytes('GIF89a', 10));
const webp = dataUrl('image/webp', bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 40));

describe('a message with attachments', () => {
  it('is queued with attachments_data and shown at once with the data URLs, the sniffed types and the sizes', async () => {
    db = await openTestDatabase();
    const { message, entry } = await queueMessageSend(
      db,
      { shopId: SHOP, content: ' The pattern I mean ', attachments: [{ name: 'kaftan.png', data_url: png }, { name: 'C:\\fakepath\\size guide.pdf', data_url: pdf }] },
      BUYER,
      1_700_000_000_000,
    );
    expect(entry).toMatchObject({ method: 'POST', path: '/api/messages', kind: 'message_send', target: message.id });
    expect(JSON.parse(entry.body ?? '')).toEqual({
      shop_id: SHOP,
      content: 'The pattern I mean',
      client_ref: message.id,
      attachments_data: [
        { name: 'kaftan.png', data: png },
        { name: 'size guide.pdf', data: pdf },
      ],
    });
    const shown = [
      { url: png, name: 'kaftan.png', type: 'image/png', size: 70 },
      { url: pdf, name: 'size guide.pdf', type: 'application/pdf', size: 301 },
    ];
    expect(message.attachments).toEqual(shown);
    const thread = await findMessages(db, { kind: 'messages', shopId: SHOP });
    expect(thread.data.map((m) => [m.id, m.local_state, m.attachments])).toEqual([[message.id, 'queued', shown]]);
  });

  it('may be attachments only (blank text); blank text and no attachment is still refused', async () => {
    db = await openTestDatabase();
    const { message, entry } = await queueMessageSend(db, { shopId: SHOP, content: '   ', attachments: [{ name: 'photo.jpg', data_url: jpeg }] }, BUYER);
    expect(message.content).toBe('');
    expect(JSON.parse(entry.body ?? '')).toMatchObject({ content: '', attachments_data: [{ name: 'photo.jpg', data: jpeg }] });
    await expect(queueMessageSend(db, { shopId: SHOP, content: ' ', attachments: [] }, BUYER)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'The content field is required.',
    });
    expect(await db.messages.count().exec()).toBe(1);
  });

  it("goes from the shop's side too (POST /api/v1/seller/messages with user_id)", async () => {
    db = await openTestDatabase();
    const { message, entry } = await queueMessageSend(db, { shopId: SHOP, toUserId: BUYER, content: '', attachments: [{ name: 'invoice.pdf', data_url: pdf }] }, SELLER);
    expect(entry.path).toBe('/api/v1/seller/messages');
    expect(JSON.parse(entry.body ?? '')).toEqual({ user_id: BUYER, content: '', client_ref: message.id, attachments_data: [{ name: 'invoice.pdf', data: pdf }] });
    expect(message).toMatchObject({ sender: 'shop', user_id: BUYER, attachments: [{ url: pdf, name: 'invoice.pdf', type: 'application/pdf', size: 301 }] });
  });

  it('is settled by the accepted answer: the server copy and its URLs replace the data URLs', async () => {
    db = await openTestDatabase();
    const { message, entry } = await queueMessageSend(db, { shopId: SHOP, content: 'Here', attachments: [{ name: 'kaftan.png', data_url: png }] }, BUYER, 1_000);
    const server: Message = {
      id: message.id,
      message_id: 41,
      conversation_id: 5,
      shop_id: SHOP,
      user_id: BUYER,
      sender: 'buyer',
      sender_user_id: BUYER,
      content: 'Here',
      post_id: null,
      attachments: [{ url: '/media/messages/0123456789abcdef0123456789abcdef.png', name: 'kaftan.png', type: 'image/png', size: 70 }],
      created_at: 1_100,
      read_at: null,
      updatedAt: 1_101,
    };
    const d = db;
    await completeEntry(d, entry.id, 1_200, (e) => KIND_HANDLERS[e.kind].accepted(d, e, { success: true, data: server }));
    expect((await findMessages(d, { kind: 'messages', shopId: SHOP })).data).toEqual([{ ...server, local_state: 'confirmed' }]);
  });
});

describe('refused attachments (nothing is written)', () => {
  const refusals: [string, () => MessageAttachmentInput[], string, string][] = [
    ['six files', () => Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data_url: png })), 'MESSAGE_TOO_MANY_ATTACHMENTS', 'You can attach at most 5 files.'],
    [
      'one byte over 10 MB',
      () => [{ name: 'big.png', data_url: dataUrl('image/png', bytes(PNG_HEAD, 10 * 1024 * 1024 + 1)) }],
      'MESSAGE_ATTACHMENT_TOO_LARGE',
      'Each attachment must be at most 10 MB.',
    ],
    ['a text file', () => [{ name: 'notes.txt', data_url: dataUrl('text/plain', Buffer.from('hello there')) }], 'MESSAGE_ATTACHMENT_TYPE', 'Attachments must be images or PDF files.'],
    ['a PNG name on other bytes', () => [{ name: 'fake.png', data_url: dataUrl('image/png', Buffer.from('<svg xmlns="x"/>')) }], 'MESSAGE_ATTACHMENT_TYPE', 'Attachments must be images or PDF files.'],
    ['not a data URL', () => [{ name: 'x.png', data_url: '/media/x.png' }], 'MESSAGE_ATTACHMENT_TYPE', 'Attachments must be images or PDF files.'],
    ['not base64', () => [{ name: 'x.png', data_url: 'data:image/png;base64,iVBO*&^%' }], 'MESSAGE_ATTACHMENT_TYPE', 'Attachments must be images or PDF files.'],
    ['an empty file', () => [{ name: 'x.png', data_url: 'data:image/png;base64,' }], 'MESSAGE_ATTACHMENT_TYPE', 'Attachments must be images or PDF files.'],
  ];

  it.each(refusals)('%s', async (_label, list, code, text) => {
    db = await openTestDatabase();
    await expect(queueMessageSend(db, { shopId: SHOP, content: 'With files', attachments: list() }, BUYER)).rejects.toMatchObject({ code, message: text });
    expect(await db.messages.count().exec()).toBe(0);
    expect(await db.outbox.count().exec()).toBe(0);
  });

  it('checks sizes before types, as the server does (a large file after a wrong one says too large)', () => {
    const big = dataUrl('image/png', bytes(PNG_HEAD, 10 * 1024 * 1024 + 1));
    expect(() => checkMessageAttachments([{ name: 'a.txt', data_url: dataUrl('text/plain', Buffer.from('text')) }, { name: 'b.png', data_url: big }])).toThrow(
      'Each attachment must be at most 10 MB.',
    );
  });
});

describe('accepted attachments', () => {
  it('are every allowed type, exactly 10 MB, five at most; names lose paths and control characters, a blank one gets a default', () => {
    const tenMb = dataUrl('image/png', bytes(PNG_HEAD, 10 * 1024 * 1024));
    const { shown, body } = checkMessageAttachments([
      { name: 'a.jpg', data_url: jpeg },
      { name: 'dir/b.gif', data_url: gif },
      { name: ' c\u0007.webp ', data_url: webp },
      { name: '  ', data_url: pdf },
      { name: 'e.png', data_url: tenMb },
    ]);
    expect(shown.map((a) => [a.name, a.type, a.size])).toEqual([
      ['a.jpg', 'image/jpeg', 20],
      ['b.gif', 'image/gif', 10],
      ['c.webp', 'image/webp', 40],
      ['attachment-4.pdf', 'application/pdf', 301],
      ['e.png', 'image/png', 10 * 1024 * 1024],
    ]);
    expect(body.map((a) => a.name)).toEqual(shown.map((a) => a.name));
  });
});
