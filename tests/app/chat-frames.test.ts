/**
 * The app's zod-free frame checks (src/app/community/chat-frames.ts) agree with the contract's zod schemas
 * (chatServerFrameSchema, chatClientFrameSchema, messageSchema): same verdict and same output, on
 * hand-picked frames and on random ones (valid frames mutated field by field).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChatClientFrame, checkChatServerFrame, checkMessage, type Checked } from '../../src/app/community/chat-frames';
import { chatClientFrameSchema, chatServerFrameSchema, messageSchema } from '../../src/domain/community-schemas';

const message = {
  id: 'm-0123456789',
  message_id: 5,
  conversation_id: 2,
  shop_id: 3,
  user_id: 4,
  sender: 'buyer',
  sender_user_id: 4,
  content: 'Salam',
  post_id: null,
  attachments: [{ url: '/media/messages/a.png', name: 'a.png', type: 'image/png', size: 10 }],
  created_at: 1,
  read_at: null,
  updatedAt: 2,
};

const serverFrames: unknown[] = [
  { type: 'message', roomId: 'conv:2', message },
  { type: 'typing', roomId: 'conv:2', userId: 4, isTyping: true },
  { type: 'presence', userId: 4, shopId: null, online: true, last_seen: null },
  { type: 'presence', userId: 4, shopId: 3, online: false, last_seen: 99 },
  { type: 'error', code: 'FORBIDDEN', message: 'no' },
];
const clientFrames: unknown[] = [
  { type: 'join_room', roomId: 'conv:2' },
  { type: 'leave_room', roomId: 'conv:2' },
  { type: 'typing', roomId: 'conv:2', isTyping: false },
  { type: 'send_message', roomId: 'conv:2', message: { content: 'hi', client_ref: 'abcdefgh' } },
  { type: 'send_message', roomId: 'conv:2', message: { content: 'hi', client_ref: 'abcdefgh', post_id: 7 } },
  { type: 'send_message', roomId: 'conv:2', message: { content: 'hi', client_ref: 'abcdefgh', post_id: null } },
  { type: 'send_message', roomId: 'conv:2', message: { content: 'hi' } },
  { type: 'send_message', roomId: 'conv:2', message: { content: 'hi', client_ref: null, post_id: 7 } },
];

const oddValues = [null, undefined, 0, -1, 1.5, 2 ** 53, 'x', '', 'r'.repeat(101), true, [], {}, 'seller', 'shop', 'abc def!'];

/** A frame with one field (possibly nested) replaced. */
function mutations(frame: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown, set: (v: unknown) => unknown) => {
    if (typeof value !== 'object' || value === null) return;
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      const setKey = (v: unknown) => set({ ...(value as Record<string, unknown>), [key]: v });
      for (const odd of oddValues) out.push(setKey(odd));
      walk(Array.isArray(inner) ? inner[0] : inner, Array.isArray(inner) ? (v) => setKey([v]) : setKey);
    }
  };
  walk(frame, (v) => v);
  return out;
}

function agree(check: (v: unknown) => Checked<unknown>, schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, value: unknown) {
  const mine = check(value);
  const theirs = schema.safeParse(value);
  expect(mine.ok, JSON.stringify(value)).toBe(theirs.success);
  if (mine.ok) expect(mine.value).toEqual(theirs.data);
}

describe('chat frame checks agree with the zod schemas', () => {
  it('valid frames and every one-field mutation of them', () => {
    for (const frame of serverFrames) {
      agree(checkChatServerFrame, chatServerFrameSchema, frame);
      for (const m of mutations(frame)) agree(checkChatServerFrame, chatServerFrameSchema, m);
    }
    for (const frame of clientFrames) {
      agree(checkChatClientFrame, chatClientFrameSchema, frame);
      for (const m of mutations(frame)) agree(checkChatClientFrame, chatClientFrameSchema, m);
    }
    agree(checkMessage, messageSchema, message);
    for (const m of mutations(message)) agree(checkMessage, messageSchema, m);
    expect(checkChatServerFrame({ ...serverFrames[1] as object, extra: 1 })).toEqual({ ok: true, value: serverFrames[1] });
  });

  it('random values', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        agree(checkChatServerFrame, chatServerFrameSchema, value);
        agree(checkChatClientFrame, chatClientFrameSchema, value);
      }),
      { numRuns: 300 },
    );
  });
});
