/**
 * zod schemas for the review and follow documents (src/domain/social.ts holds
 * the zod-free types): the replication protocol (src/sync/protocol.ts)
 * validates pulled documents with them on both ends.
 */
import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_REPLY_MAX, REVIEW_TITLE_MAX, type FollowDoc, type ReviewDoc, type ReviewReply } from './social';

const epochMs = z.number().int().nonnegative();
const positiveId = z.number().int().positive();

export const reviewReplySchema = z.object({
  content: z.string().min(1).max(REVIEW_REPLY_MAX),
  createdAt: epochMs,
  updatedAt: epochMs,
}) satisfies z.ZodType<ReviewReply>;

export const reviewDocSchema = z.object({
  id: z.string().regex(/^\d+$/),
  productId: positiveId,
  userId: positiveId,
  authorName: z.string(),
  rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  title: z.string().max(REVIEW_TITLE_MAX),
  content: z.string().max(REVIEW_CONTENT_MAX),
  images: z.array(z.string()),
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int().nonnegative(),
  notHelpfulCount: z.number().int().nonnegative(),
  createdAt: epochMs,
  updatedAt: epochMs,
  reply: reviewReplySchema.nullable(),
}) satisfies z.ZodType<ReviewDoc>;

export const followDocSchema = z.object({
  id: z.string().regex(/^\d+$/),
  shopId: positiveId,
  createdAt: epochMs,
  updatedAt: epochMs,
}) satisfies z.ZodType<FollowDoc>;
