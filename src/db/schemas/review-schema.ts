/**
 * RxDB schema of `reviews`: ReviewDoc (src/domain/social.ts) as the server sends it.
 * Public, pulled like the catalogue (GET /api/sync/reviews/pull). The product page
 * reads one product's reviews through the productId index and filters, sorts and
 * pages them in memory (a product has tens of reviews, not thousands).
 */
import type { RxJsonSchema } from 'rxdb';
import type { ReviewDoc } from '../../domain/social';
import { bool, int, MAX_EPOCH_MS, MAX_NUMERIC_ID, numericIdStr, str, strArray } from './json-schema-parts';

export const reviewSchema: RxJsonSchema<ReviewDoc> = {
  title: 'reviews',
  description: 'Product reviews mirrored from the server (read-only; writes go through the REST API).',
  version: 0,
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
  },
  required: [
    'id', 'productId', 'userId', 'authorName', 'rating', 'title', 'content', 'images', 'verifiedPurchase',
    'helpfulCount', 'notHelpfulCount', 'createdAt', 'updatedAt',
  ],
  indexes: ['productId'],
  additionalProperties: false,
};
