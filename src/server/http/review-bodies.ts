/**
 * Review request bodies (docs/REVIEWS-FOLLOWS.md), checked like the account
 * bodies (http/body.ts: 422 VALIDATION with every field). Multipart fields
 * arrive as strings, so numbers are accepted as digits too.
 */
import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_REACTIONS, REVIEW_TITLE_MAX } from '../../domain/social';
import { MAX_ID } from '../db/ids';
import { fieldMessages, optionalText, requiredText } from './body';

const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v);

function intField(field: string, min: number, max: number) {
  return z.preprocess(
    digits,
    z
      .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required(field.replace(/_/g, ' ')) : fieldMessages.invalid(field.replace(/_/g, ' '))) })
      .int(fieldMessages.invalid(field.replace(/_/g, ' ')))
      .min(min, fieldMessages.invalid(field.replace(/_/g, ' ')))
      .max(max, fieldMessages.invalid(field.replace(/_/g, ' '))),
  );
}

export const newReviewSchema = z.object({
  product_id: intField('product_id', 1, MAX_ID),
  rating: intField('rating', REVIEW_RATING_MIN, REVIEW_RATING_MAX),
  title: optionalText('title', REVIEW_TITLE_MAX),
  content: requiredText('content', REVIEW_CONTENT_MAX),
});

export const reviewPatchSchema = z.object({
  rating: intField('rating', REVIEW_RATING_MIN, REVIEW_RATING_MAX).optional(),
  title: optionalText('title', REVIEW_TITLE_MAX),
  content: requiredText('content', REVIEW_CONTENT_MAX).optional(),
});

export const reactionSchema = z.object({
  reaction: z.enum(REVIEW_REACTIONS, { error: fieldMessages.invalid('reaction') }).nullable(),
});
