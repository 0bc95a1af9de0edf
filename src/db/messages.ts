/**
 * Messages on the local database (docs/COMMUNITY.md "Messages"): sending one (the optimistic message next to
 * its outbox entry, the rollback of a refused one and the retry of a failed one), storing one that came on the
 * chat socket, and marking a conversation read.
 *
 * - message_send: the buyer's POST /api/messages JSON {shop_id, content, post_id?, client_ref, attachments_data?},
 *   or the shop's POST /api/v1/seller/messages JSON {user_id, content, post_id?, client_ref, attachments_data?}:
 *   the message at once, id = its client ref, 'queued' until the server's answer (or the socket, or the pull)
 *   brings the server's under the same id; a refusal marks it 'failed' (kept, visible), a retry 'queued' again,
 *   discarding the refused entry removes it. Attachments (`attachments_data: [{name, data}]`, data URLs) are
 *   checked as the server checks them (at most 5; each at most 10 MB and, by its bytes, JPG, PNG, GIF, WebP or
 *   PDF) and shown at once with their data URLs until the server's copy brings its /media/messages URLs.
 * - A message from the socket is stored 'confirmed' under its id (the same document the pull brings later:
 *   equal, so the pull writes nothing), unless what is stored is newer.
 */
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_CONTENT_MAX } from '../domain/community';
import { messageSchema, type Attachment, type Message } from '../domain/community-schemas';
import type { LocalMessage, MessageAttachmentInput, SendMessageInput } from '../workers/data-api';
import { answerData, CommunityError } from './community';
import type { SoukDatabase } from './database';
import { newEntry, type Accepted, type Dismiss, type OutboxEntry, type Reapply, type Rollback } from './outbox';

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/** Why a message's attachments would be refused: the server's code and text (src/server/http/api-error.ts). */
export type AttachmentErrorCode = 'MESSAGE_TOO_MANY_ATTACHMENTS' | 'MESSAGE_ATTACHMENT_TOO_LARGE' | 'MESSAGE_ATTACHMENT_TYPE';

const ATTACHMENT_TEXTS: Record<AttachmentErrorCode, string> = {
  MESSAGE_TOO_MANY_ATTACHMENTS: `You can attach at most ${MESSAGE_ATTACHMENTS_MAX} files.`,
  MESSAGE_ATTACHMENT_TOO_LARGE: `Each attachment must be at most ${MESSAGE_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.`,
  MESSAGE_ATTACHMENT_TYPE: 'Attachments must be images or PDF files.',
};

export class MessageAttachmentError extends Error {
  constructor(readonly code: AttachmentErrorCode) {
    super(ATTACHMENT_TEXTS[code]);
    this.name = 'MessageAttachmentError';
  }
}

/** What the server takes (message-bodies.ts): a base64 data URL, its type decided by its first bytes. */
const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function startsWith(head: string, bytes: readonly number[]): boolean {
  return bytes.every((b, i) => head.charCodeAt(i) === b);
}

/** The type and extension the bytes say (head: the first 12 bytes as latin1), as the server sniffs them. */
function sniffAttachment(head: string): { type: string; ext: string } | null {
  if (head.startsWith('%PDF-')) return { type: 'application/pdf', ext: 'pdf' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png', ext: 'png' };
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { type: 'image/gif', ext: 'gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { type: 'image/webp', ext: 'webp' };
  return null;
}

/** The name the server keeps: no path, no control characters, at most 255 characters, else a default. */
function cleanName(name: unknown, fallback: string): string {
  const base = (typeof name === 'string' ? name : '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.replace(/\p{Cc}/gu, '').trim()].slice(0, 255).join('');
  return cleaned === '' ? fallback : cleaned;
}

/**
 * The attachments of a message as the server will take them, checked in its order (the count; each one's data
 * and size; then each one's type by its bytes) and as the queued message shows them. Throws
 * MessageAttachmentError with the server's code and text.
 */
export function checkMessageAttachments(list: readonly MessageAttachmentInput[]): { body: { name: string; data: string }[]; shown: Attachment[] } {
  if (list.length > MESSAGE_ATTACHMENTS_MAX) throw new MessageAttachmentError('MESSAGE_TOO_MANY_ATTACHMENTS');
  const decoded = list.map((item) => {
    const url = typeof item?.data_url === 'string' ? item.data_url : '';
    const header = DATA_URL.exec(url.slice(0, 256));
    if (!header) throw new MessageAttachmentError('MESSAGE_ATTACHMENT_TYPE');
    const payload = url.slice(header[0].length).replace(/\s+/g, '');
    if (payload === '' || payload.length % 4 !== 0 || !BASE64.test(payload)) throw new MessageAttachmentError('MESSAGE_ATTACHMENT_TYPE');
    const size = (payload.length / 4) * 3 - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0);
    if (size > MESSAGE_ATTACHMENT_MAX_BYTES) throw new MessageAttachmentError('MESSAGE_ATTACHMENT_TOO_LARGE');
    return { url, size, head: atob(payload.slice(0, 16)) };
  });
  const shown = decoded.map(({ url, size, head }, i): Attachment => {
    const kind = sniffAttachment(head);
    if (kind === null) throw new MessageAttachmentError('MESSAGE_ATTACHMENT_TYPE');
    return { url, name: cleanName(list[i]?.name, `attachment-${i + 1}.${kind.ext}`), type: kind.type, size };
  });
  return { body: shown.map((a) => ({ name: a.name, data: a.url })), shown };
}

/**
 * Queues a message by the signed-in user `userId`: to a shop (the buyer's side), or with `toUserId` from the
 * seller's shop `shopId` to that buyer (the shop's side). Resolves with the local message and the entry.
 */
export async function queueMessageSend(
  db: SoukDatabase,
  input: SendMessageInput,
  userId: number,
  now: number = Date.now(),
): Promise<{ message: LocalMessage; entry: OutboxEntry }> {
  if (!isId(input.shopId)) throw new Error(`Not a shop id: ${JSON.stringify(input.shopId)}`);
  const toUserId = input.toUserId;
  if (toUserId !== undefined && !isId(toUserId)) throw new Error(`Not a user id: ${JSON.stringify(toUserId)}`);
  const content = typeof input.content === 'string' ? input.content.trim() : '';
  if (content.length > MESSAGE_CONTENT_MAX) throw new CommunityError('VALIDATION', `The content may not be greater than ${MESSAGE_CONTENT_MAX} characters.`);
  const attachments = checkMessageAttachments(input.attachments ?? []);
  if (content === '' && attachments.shown.length === 0) throw new CommunityError('VALIDATION', 'The content field is required.');
  const postId = input.postId ?? null;
  const id = crypto.randomUUID();
  const buyerId = toUserId ?? userId;
  const conversation = await db.conversations.findOne({ selector: { shop_id: { $eq: input.shopId }, user_id: { $eq: buyerId } } }).exec();
  const message: LocalMessage = {
    id,
    message_id: 0,
    conversation_id: conversation?.conversation_id ?? 0,
    shop_id: input.shopId,
    user_id: buyerId,
    sender: toUserId === undefined ? 'buyer' : 'shop',
    sender_user_id: userId,
    content,
    post_id: postId,
    attachments: attachments.shown,
    created_at: now,
    read_at: null,
    updatedAt: 0,
    local_state: 'queued',
  };
  const common = {
    content,
    ...(postId === null ? {} : { post_id: postId }),
    client_ref: id,
    ...(attachments.body.length > 0 ? { attachments_data: attachments.body } : {}),
  };
  const request =
    toUserId === undefined
      ? { path: '/api/messages', body: { shop_id: input.shopId, ...common } }
      : { path: '/api/v1/seller/messages', body: { user_id: toUserId, ...common } };
  const entry = await newEntry(
    db,
    { method: 'POST', path: request.path, body: JSON.stringify(request.body), kind: 'message_send', target: id, undo: null, auth: 'user' },
    now,
  );
  await db.outbox.insert(entry);
  await db.messages.insert(message);
  return { message, entry };
}

async function setMessageState(db: SoukDatabase, id: string, from: 'queued' | 'failed', to: 'queued' | 'failed') {
  const doc = await db.messages.findOne(id).exec();
  if (doc && doc.local_state === from) await doc.incrementalPatch({ local_state: to });
}

/** A refused message stays, marked 'failed' (the sync centre says why). */
export const rollbackMessageChange: Rollback = async (db, entry) => {
  await setMessageState(db, entry.target, 'queued', 'failed');
};

/** Retry: the message is queued again. */
export const reapplyMessageChange: Reapply = async (db, entry) => {
  await setMessageState(db, entry.target, 'failed', 'queued');
  return null;
};

/** Discarded: the refused message leaves the thread (only while it is the failed one: never a confirmed one). */
export const dismissMessageChange: Dismiss = async (db, entry) => {
  const doc = await db.messages.findOne(entry.target).exec();
  if (doc && doc.local_state === 'failed') await doc.remove();
};

/** The text a conversation shows for its newest message (as the server's previewOf: ≤120 characters). */
function previewOf(message: Message): string | null {
  const text = message.content.trim();
  if (text !== '') return [...text].slice(0, 120).join('');
  const first = message.attachments[0];
  return first ? [...first.name].slice(0, 120).join('') : null;
}

const isConflict = (error: unknown) => (error as { code?: unknown } | null)?.code === 'CONFLICT' || (error as { status?: unknown } | null)?.status === 409;

/**
 * Stores the server's message 'confirmed' under its id, replacing a queued or failed one, never a stored one
 * with a newer updatedAt; the stored conversation's last message moves on when this one is newer. Resolves
 * with whether it was stored.
 */
async function storeConfirmedMessage(db: SoukDatabase, message: Message): Promise<boolean> {
  const stored: LocalMessage = { ...message, local_state: 'confirmed' };
  const newer = (old: LocalMessage) => old.local_state === 'confirmed' && old.updatedAt >= message.updatedAt;
  let doc = await db.messages.findOne(message.id).exec();
  if (!doc) {
    try {
      await db.messages.insert(stored);
    } catch (error) {
      // The pull wrote it meanwhile: compare with what it wrote.
      if (!isConflict(error)) throw error;
      doc = await db.messages.findOne(message.id).exec();
    }
  }
  if (doc) {
    if (newer(doc.toMutableJSON())) return false;
    await doc.incrementalModify((old) => (newer(old) ? old : stored));
  }
  const conversation = await db.conversations.findOne(String(message.conversation_id)).exec();
  if (conversation && (conversation.last_message_at ?? 0) <= message.created_at) {
    await conversation.incrementalModify((c) =>
      (c.last_message_at ?? 0) <= message.created_at ? { ...c, last_message: previewOf(message), last_message_at: message.created_at } : c,
    );
  }
  return true;
}

/**
 * Stores a message that came on the chat socket, for the signed-in user `userId` (null: unknown): only one of
 * their conversations (they are its buyer or its sender, or the conversation is stored here); stored as
 * storeConfirmedMessage does. Resolves with whether it was stored.
 * Throws CommunityError('VALIDATION') when it is not a message.
 */
export async function storeReceivedMessage(db: SoukDatabase, raw: unknown, userId: number | null): Promise<boolean> {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) throw new CommunityError('VALIDATION', 'Not a message.');
  const message = parsed.data;
  const conversation = await db.conversations.findOne(String(message.conversation_id)).exec();
  const mine = userId !== null && userId > 0 && (message.user_id === userId || message.sender_user_id === userId);
  if (!mine && !conversation) return false;
  return storeConfirmedMessage(db, message);
}

/**
 * Accepted: the message becomes the server's at once (201 {data: Message}, same id: its client ref), so the
 * thread no longer says it is waiting while the pull is still to come (or cannot run).
 */
export const acceptedMessageChange: Accepted = async (db, entry, answer) => {
  const parsed = messageSchema.safeParse(answerData(answer));
  if (parsed.success && parsed.data.id === entry.target) await storeConfirmedMessage(db, parsed.data);
  return entry.undo;
};

/** The user opened a conversation: its unread count is 0 here at once (the server marks it when the thread is fetched). */
export async function markConversationReadLocally(db: SoukDatabase, conversationId: number): Promise<void> {
  if (!isId(conversationId)) throw new Error(`Not a conversation id: ${JSON.stringify(conversationId)}`);
  const doc = await db.conversations.findOne(String(conversationId)).exec();
  if (doc && doc.unread_count !== 0) await doc.incrementalPatch({ unread_count: 0 });
}
