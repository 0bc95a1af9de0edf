/**
 * RxDB schema of `follows`: FollowDoc (src/domain/social.ts), one document per
 * shop the signed-in user follows (id = the shop id). Personal: pulled with the
 * bearer token (GET /api/sync/follows/pull), written optimistically by
 * DataApi.follow/unfollow next to an outbox entry, wiped at logout.
 */
import type { RxJsonSchema } from 'rxdb';
import type { FollowDoc } from '../../domain/social';
import { int, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr } from './json-schema-parts';

export const followSchema: RxJsonSchema<FollowDoc> = {
  title: 'follows',
  description: "The signed-in user's followed shops (personal).",
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    shopId: int(1, MAX_NUMERIC_ID),
    createdAt: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
  },
  required: ['id', 'shopId', 'createdAt', 'updatedAt'],
  additionalProperties: false,
};
