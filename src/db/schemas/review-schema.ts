/**
 * RxDB schema of `reviews`: ReviewDoc (src/domain/social.ts) as the server sends it.
 * Public, pulled like the catalogue (GET /api/sync/reviews/pull). The product page
 * reads one product's reviews through the productId index and filters, sorts and
 * pages them in memory (a product has tens of reviews, not thousands).
 *
 * Version 1 (issue 23) added `reply`, the shop's reply to the review (null while it has none): a review
 * stored before had none (replies did not exist), so the migration gives it null; a reply written later
 * moves the review's updatedAt, and the pull brings it.
 */
import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { ReviewDoc } from '../../domain/social';
import { bool, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr, str, strArray } from './json-schema-parts';

/** Version 1 added `reply`: every review stored at version 0 had none. */
export const reviewMigrationStrategies: MigrationStrategies<ReviewDoc> = {
  1: (doc: Omit<ReviewDoc, 'reply'>): ReviewDoc => ({ ...doc, reply: null }),
};

export const reviewSchema: RxJsonSchema<ReviewDoc> = {
  title: 'reviews',
  description: 'Product reviews mirrored from the server (read-only; writes go through the REST API).',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: numericIdStr(),
    productId: int(1, MAX_NUMERIC_ID),
    userId: int(1, MAX_NUMERIC_ID),
    authorName: str(),
    rating: int(1, 5),
    title: str(),
    content: str(),
    images: strArray(),
    verifiedPurchase: bool(),
    helpfulCount: int(),
    notHelpfulCount: int(),
    createdAt: int(0, MAX_EPOCH_MS),
    updatedAt: int(0, MAX_EPOCH_MS),
    reply: {
      anyOf: [
        {
          type: 'object',
          properties: { content: str(), createdAt: int(0, MAX_EPOCH_MS), updatedAt: int(0, MAX_EPOCH_MS) },
          required: ['content', 'createdAt', 'updatedAt'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
  },
  required: [
    'id', 'productId', 'userId', 'authorName', 'rating', 'title', 'content', 'images', 'verifiedPurchase',
    'helpfulCount', 'notHelpfulCount', 'createdAt', 'updatedAt', 'reply',
  ],
  indexes: ['productId'],
  additionalProperties: false,
};
