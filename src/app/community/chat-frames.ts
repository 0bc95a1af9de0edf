/**
 * Checks of chat frames and messages for the app bundle, which keeps zod out (eslint.config.js): the same
 * rules as chatServerFrameSchema, chatClientFrameSchema and messageSchema in src/domain/community-schemas.ts,
 * written by hand. tests/app/chat-frames.test.ts holds them to the zod schemas (same verdict, same output on
 * valid and invalid samples), so a change of the contract that is not made here fails there.
 *
 * Like the zod objects, unknown keys are dropped from the output.
 */
import type { Attachment, ChatClientFrame, ChatServerFrame, Message } from '../../domain/community-schemas';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

class Invalid extends Error {}

type Rec = Record<string, unknown>;

function fail(path: string, what: string): never {
  throw new Invalid(`${path}: ${what}`);
}
function record(value: unknown, path: string): Rec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'expected an object');
  return value as Rec;
}
function str(o: Rec, key: string, path: string, max = Infinity, min = 0): string {
  const v = o[key];
  if (typeof v !== 'string') fail(`${path}.${key}`, 'expected a string');
  if (v.length > max || v.length < min) fail(`${path}.${key}`, 'wrong length');
  return v;
}
function bool(o: Rec, key: string, path: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') fail(`${path}.${key}`, 'expected a boolean');
  return v;
}
function int(o: Rec, key: string, path: string, min: number): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) fail(`${path}.${key}`, min > 0 ? 'expected a positive integer' : 'expected a non-negative integer');
  return v;
}
function nullable<T>(o: Rec, key: string, read: () => T): T | null {
  return o[key] === null ? null : read();
}
const positive = (o: Rec, key: string, path: string) => int(o, key, path, 1);
const epochMs = (o: Rec, key: string, path: string) => int(o, key, path, 0);

function attachment(value: unknown, path: string): Attachment {
  const o = record(value, path);
  return { url: str(o, 'url', path), name: str(o, 'name', path), type: str(o, 'type', path), size: int(o, 'size', path, 0) };
}

function message(value: unknown, path: string): Message {
  const o = record(value, path);
  const sender = o.sender;
  if (sender !== 'buyer' && sender !== 'shop') fail(`${path}.sender`, "expected 'buyer' or 'shop'");
  const attachments = o.attachments;
  if (!Array.isArray(attachments)) fail(`${path}.attachments`, 'expected an array');
  return {
    id: str(o, 'id', path, 100, 1),
    message_id: positive(o, 'message_id', path),
    conversation_id: positive(o, 'conversation_id', path),
    shop_id: positive(o, 'shop_id', path),
    user_id: positive(o, 'user_id', path),
    sender,
    sender_user_id: positive(o, 'sender_user_id', path),
    content: str(o, 'content', path),
    post_id: nullable(o, 'post_id', () => positive(o, 'post_id', path)),
    attachments: attachments.map((a, i) => attachment(a, `${path}.attachments.${i}`)),
    created_at: epochMs(o, 'created_at', path),
    read_at: nullable(o, 'read_at', () => epochMs(o, 'read_at', path)),
    updatedAt: epochMs(o, 'updatedAt', path),
  };
}

function serverFrame(value: unknown): ChatServerFrame {
  const o = record(value, 'frame');
  switch (o.type) {
    case 'message':
      return { type: 'message', roomId: str(o, 'roomId', 'frame'), message: message(o.message, 'frame.message') };
    case 'typing':
      return { type: 'typing', roomId: str(o, 'roomId', 'frame'), userId: positive(o, 'userId', 'frame'), isTyping: bool(o, 'isTyping', 'frame') };
    case 'presence':
      return {
        type: 'presence',
        userId: positive(o, 'userId', 'frame'),
        shopId: nullable(o, 'shopId', () => positive(o, 'shopId', 'frame')),
        online: bool(o, 'online', 'frame'),
        last_seen: nullable(o, 'last_seen', () => epochMs(o, 'last_seen', 'frame')),
      };
    case 'error':
      return { type: 'error', code: str(o, 'code', 'frame'), message: str(o, 'message', 'frame') };
    default:
      return fail('frame.type', 'unknown frame type');
  }
}

const CLIENT_REF = /^[A-Za-z0-9_-]{8,100}$/;
/** Ids are int4 on PostgreSQL; a larger post_id is refused before sending (the server's MAX_ID). */
const MAX_ID = 2_147_483_647;
const ROOM_MAX = 64;

function clientFrame(value: unknown): ChatClientFrame {
  const o = record(value, 'frame');
  switch (o.type) {
    case 'join_room':
    case 'leave_room':
      return { type: o.type, roomId: str(o, 'roomId', 'frame', ROOM_MAX) };
    case 'typing':
      return { type: 'typing', roomId: str(o, 'roomId', 'frame', ROOM_MAX), isTyping: bool(o, 'isTyping', 'frame') };
    case 'send_message': {
      const roomId = str(o, 'roomId', 'frame', ROOM_MAX);
      const m = record(o.message, 'frame.message');
      const content = str(m, 'content', 'frame.message', 5000);
      const out: ChatClientFrame = { type: 'send_message', roomId, message: { content } };
      // Optional, like the REST messages' (nullish in chatClientFrameSchema).
      if (m.client_ref === null) out.message.client_ref = null;
      else if (m.client_ref !== undefined) {
        const clientRef = str(m, 'client_ref', 'frame.message');
        if (!CLIENT_REF.test(clientRef)) fail('frame.message.client_ref', 'expected 8–100 of A-Z a-z 0-9 _ -');
        out.message.client_ref = clientRef;
      }
      if (m.post_id === null) out.message.post_id = null;
      else if (m.post_id !== undefined) {
        const postId = positive(m, 'post_id', 'frame.message');
        if (postId > MAX_ID) fail('frame.message.post_id', 'too large');
        out.message.post_id = postId;
      }
      return out;
    }
    default:
      return fail('frame.type', 'unknown frame type');
  }
}

function checked<T>(read: () => T): Checked<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, problem: error.message };
    throw error;
  }
}

/** A frame from the server, as chatServerFrameSchema reads it. */
export const checkChatServerFrame = (value: unknown): Checked<ChatServerFrame> => checked(() => serverFrame(value));
/** A frame to the server, as chatClientFrameSchema reads it. */
export const checkChatClientFrame = (value: unknown): Checked<ChatClientFrame> => checked(() => clientFrame(value));
/** A message, as messageSchema reads it. */
export const checkMessage = (value: unknown): Checked<Message> => checked(() => message(value, 'message'));
