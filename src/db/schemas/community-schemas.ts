/**
 * RxDB schemas of the issue-6 collections (docs/COMMUNITY.md): `community_posts`, `conversations` and
 * `messages`, field by field the zod docs of src/domain/community-schemas.ts (tests/db/schemas-match-zod
 * checks them) plus, for posts and messages, `local_state` (confirmed: from the server; queued: written here,
 * not yet accepted; failed: refused). A post or message written here has id = its client ref and no server
 * numbers yet (post_id, message_id, maybe conversation_id 0) until the personal pull brings the server's
 * document under the same id; likewise a seller's response written here (embedded in its post: response_id 0,
 * maybe shop_id 0). Personal, wiped at logout. Few documents per user: queried in memory.
 */
import type { JsonSchema, RxJsonSchema } from 'rxdb';
import { z } from 'zod';
import { COLORS } from '../../domain/catalog-constants';
import { POST_CATEGORIES, POST_STATUSES, RESPONSE_STATUSES, TIMELINE_UNITS } from '../../domain/community';
import { communityPostSchema, communityResponseSchema, messageSchema, type CommunityResponse, type Conversation } from '../../domain/community-schemas';
import type { LocalCommunityPost, LocalMessage } from '../../workers/data-api';
import { enumStr, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, money, str, strArray } from './json-schema-parts';

export const LOCAL_STATES = ['confirmed', 'queued', 'failed'] as const;
export type LocalState = (typeof LOCAL_STATES)[number];

/**
 * A stored response: the wire response; one written here (a seller's offer not yet sent) has response_id 0 and,
 * when the seller's shop is not known locally, shop_id 0 (seller_user_id 0 when the token does not name its user).
 */
export const localCommunityResponseDocSchema = communityResponseSchema.extend({
  response_id: z.number().int().nonnegative(),
  shop_id: z.number().int().nonnegative(),
  seller_user_id: z.number().int().nonnegative(),
});

/** The stored post: the wire post; post_id and user_id are 0 until the server has it. */
export const localCommunityPostDocSchema = communityPostSchema.extend({
  post_id: z.number().int().nonnegative(),
  user_id: z.number().int().nonnegative(),
  responses: z.array(localCommunityResponseDocSchema),
  local_state: z.enum(LOCAL_STATES),
});

/**
 * The stored message: the wire message; message_id (and conversation_id for a first message) 0 until sent,
 * user ids 0 when the session's token does not name its user.
 */
export const localMessageDocSchema = messageSchema.extend({
  message_id: z.number().int().nonnegative(),
  conversation_id: z.number().int().nonnegative(),
  user_id: z.number().int().nonnegative(),
  sender_user_id: z.number().int().nonnegative(),
  local_state: z.enum(LOCAL_STATES),
});

const obj = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const id = (): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 100 });
const nullableId = (): JsonSchema => ({ type: ['integer', 'null'], minimum: 1, maximum: MAX_NUMERIC_ID });
const nullableEpoch = (): JsonSchema => ({ type: ['integer', 'null'], minimum: 0, maximum: MAX_EPOCH_MS });
/** Every field required (the zod docs have no optional fields). */
const required = <T>(properties: Record<keyof T & string, JsonSchema>) => Object.keys(properties) as (keyof T & string)[];

const responseProps: Record<keyof CommunityResponse, JsonSchema> = {
  id: id(),
  response_id: int(0, MAX_NUMERIC_ID),
  post_id: int(1, MAX_NUMERIC_ID),
  shop_id: int(0, MAX_NUMERIC_ID),
  shop_name: str(),
  shop_slug: str(),
  seller_user_id: int(0, MAX_NUMERIC_ID),
  message: str(),
  price: money(),
  delivery_days: int(1, 365),
  images: strArray(),
  status: enumStr(RESPONSE_STATUSES),
  created_at: int(0, MAX_EPOCH_MS),
  updatedAt: int(0, MAX_EPOCH_MS),
};

const postProps: Record<keyof LocalCommunityPost, JsonSchema> = {
  id: id(),
  post_id: int(0, MAX_NUMERIC_ID),
  user_id: int(0, MAX_NUMERIC_ID),
  author_name: str(),
  title: str(),
  description: str(),
  category: enumStr(POST_CATEGORIES),
  category_id: nullableId(),
  images: strArray(),
  budget_min: money(),
  budget_max: money(),
  currency: { type: 'string', enum: ['MAD'], maxLength: 3 },
  timeline_value: int(1, 365),
  timeline_unit: enumStr(TIMELINE_UNITS),
  expected_delivery: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  specifications: str(),
  required_skills: strArray(),
  preferred_colors: strArray(COLORS),
  preferred_styles: strArray(),
  status: enumStr(POST_STATUSES),
  responses_count: int(0),
  accepted_response_id: nullableId(),
  responses: { type: 'array', items: obj(responseProps) },
  created_at: int(0, MAX_EPOCH_MS),
  updatedAt: int(0, MAX_EPOCH_MS),
  local_state: enumStr(LOCAL_STATES),
};

export const communityPostRxSchema: RxJsonSchema<LocalCommunityPost> = {
  title: 'community_posts',
  description: 'Open community requests, the signed-in user\'s own and those their shop answered (personal).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: postProps,
  required: required<LocalCommunityPost>(postProps),
  additionalProperties: false,
};

const conversationProps: Record<keyof Conversation, JsonSchema> = {
  id: { type: 'string', maxLength: 20, pattern: '^\\d+$' },
  conversation_id: int(1, MAX_NUMERIC_ID),
  user_id: int(1, MAX_NUMERIC_ID),
  shop_id: int(1, MAX_NUMERIC_ID),
  name: str(),
  avatar: str(),
  last_message: { type: ['string', 'null'] },
  last_message_at: nullableEpoch(),
  unread_count: int(0),
  updatedAt: int(0, MAX_EPOCH_MS),
};

export const conversationRxSchema: RxJsonSchema<Conversation> = {
  title: 'conversations',
  description: "The signed-in user's conversations, as a buyer and as their shop (personal).",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: conversationProps,
  required: required<Conversation>(conversationProps),
  additionalProperties: false,
};

const messageProps: Record<keyof LocalMessage, JsonSchema> = {
  id: id(),
  message_id: int(0, MAX_NUMERIC_ID),
  conversation_id: int(0, MAX_NUMERIC_ID),
  shop_id: int(1, MAX_NUMERIC_ID),
  user_id: int(0, MAX_NUMERIC_ID),
  sender: enumStr(['buyer', 'shop']),
  sender_user_id: int(0, MAX_NUMERIC_ID),
  content: str(),
  post_id: nullableId(),
  attachments: {
    type: 'array',
    items: obj({ url: str(), name: str(), type: str(), size: int(0) }),
  },
  created_at: int(0, MAX_EPOCH_MS),
  read_at: nullableEpoch(),
  updatedAt: int(0, MAX_EPOCH_MS),
  local_state: enumStr(LOCAL_STATES),
};

export const messageRxSchema: RxJsonSchema<LocalMessage> = {
  title: 'messages',
  description: "The messages of the signed-in user's conversations, with the ones sent here and not yet accepted (personal).",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: messageProps,
  required: required<LocalMessage>(messageProps),
  additionalProperties: false,
};
