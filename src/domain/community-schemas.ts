/**
 * Wire shapes of community posts, responses, conversations and messages
 * (docs/COMMUNITY.md), validated with zod on both ends and mirrored by the
 * RxDB documents (src/db/schemas, checked field by field against these).
 */
import { z } from 'zod';
import { COLORS } from './catalog-constants';
import { POST_CATEGORIES, POST_STATUSES, RESPONSE_STATUSES, TIMELINE_UNITS } from './community';

const money = z.number().nonnegative().multipleOf(0.01);
const epochMs = z.number().int().nonnegative();
const positiveId = z.number().int().positive();
/** The largest id (PostgreSQL int4); the same as src/server/db/ids.ts MAX_ID, which domain code may not import. */
export const MAX_ID = 2_147_483_647;

export const communityResponseSchema = z.object({
  id: z.string().min(1).max(100),
  response_id: positiveId,
  post_id: positiveId,
  shop_id: positiveId,
  shop_name: z.string(),
  shop_slug: z.string(),
  seller_user_id: positiveId,
  message: z.string(),
  price: money,
  delivery_days: z.number().int().min(1).max(365),
  images: z.array(z.string()),
  status: z.enum(RESPONSE_STATUSES),
  created_at: epochMs,
  updatedAt: epochMs,
});
export type CommunityResponse = z.infer<typeof communityResponseSchema>;

export const communityPostSchema = z.object({
  id: z.string().min(1).max(100),
  post_id: positiveId,
  user_id: positiveId,
  author_name: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(POST_CATEGORIES),
  category_id: positiveId.nullable(),
  images: z.array(z.string()),
  budget_min: money,
  budget_max: money,
  currency: z.literal('MAD'),
  timeline_value: z.number().int().min(1).max(365),
  timeline_unit: z.enum(TIMELINE_UNITS),
  expected_delivery: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  specifications: z.string(),
  required_skills: z.array(z.string()),
  preferred_colors: z.array(z.enum(COLORS)),
  preferred_styles: z.array(z.string()),
  status: z.enum(POST_STATUSES),
  responses_count: z.number().int().nonnegative(),
  accepted_response_id: positiveId.nullable(),
  /** Embedded for the post's owner (all) and a responding seller (theirs) in the personal pull; else []. */
  responses: z.array(communityResponseSchema),
  created_at: epochMs,
  updatedAt: epochMs,
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

export const attachmentSchema = z.object({
  url: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const conversationSchema = z.object({
  id: z.string().regex(/^\d+$/),
  conversation_id: positiveId,
  user_id: positiveId,
  shop_id: positiveId,
  /** The other side's name: the shop's for the buyer, the buyer's for the seller. */
  name: z.string(),
  avatar: z.string(),
  last_message: z.string().nullable(),
  last_message_at: epochMs.nullable(),
  unread_count: z.number().int().nonnegative(),
  updatedAt: epochMs,
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.string().min(1).max(100),
  message_id: positiveId,
  conversation_id: positiveId,
  shop_id: positiveId,
  user_id: positiveId,
  sender: z.enum(['buyer', 'shop']),
  sender_user_id: positiveId,
  content: z.string(),
  post_id: positiveId.nullable(),
  attachments: z.array(attachmentSchema),
  created_at: epochMs,
  read_at: epochMs.nullable(),
  updatedAt: epochMs,
});
export type Message = z.infer<typeof messageSchema>;

/** Real-time chat frames (docs/COMMUNITY.md "Real-time chat"). */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join_room'), roomId: z.string().max(64) }),
  z.object({ type: z.literal('leave_room'), roomId: z.string().max(64) }),
  z.object({
    type: z.literal('send_message'),
    roomId: z.string().max(64),
    message: z.object({
      content: z.string().max(5000),
      // Optional like POST /api/messages' (the app sends one: its document id); none → the server's id.
      client_ref: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/).nullish(),
      // Ids are int4 on PostgreSQL: a larger one is a validation error, not an overflow (src/server/db/ids.ts MAX_ID).
      post_id: positiveId.max(MAX_ID).nullish(),
    }),
  }),
  z.object({ type: z.literal('typing'), roomId: z.string().max(64), isTyping: z.boolean() }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export const chatServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), roomId: z.string(), message: messageSchema }),
  z.object({ type: z.literal('typing'), roomId: z.string(), userId: positiveId, isTyping: z.boolean() }),
  z.object({
    type: z.literal('presence'),
    userId: positiveId,
    shopId: positiveId.nullable(),
    online: z.boolean(),
    last_seen: epochMs.nullable(),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;
