/** The review writes (docs/REVIEWS-FOLLOWS.md): they need a connection; reads come from the local database. */
import type { ReviewDoc, ReviewReaction } from '../../domain/social';
import { apiRequest } from '../auth/api-client';
import { apiUpload } from './api-upload';
import { reviewFormData, type ReviewDraft } from './review-validation';

export interface ReactionResult {
  helpfulCount: number;
  notHelpfulCount: number;
  reaction: ReviewReaction | null;
}

/** POST /api/reviews as multipart (with or without images) → the new review. */
export async function createReview(productId: string, draft: ReviewDraft, images: readonly Blob[]): Promise<ReviewDoc> {
  const body = await apiUpload<{ data: ReviewDoc }>('POST', '/api/reviews', reviewFormData(productId, draft, images));
  return body.data;
}

/** PUT /api/reviews/{id}: rating, title and content (the images are kept). */
export async function updateReview(id: string, draft: ReviewDraft): Promise<ReviewDoc> {
  const body = await apiRequest<{ data: ReviewDoc }>('PUT', `/api/reviews/${encodeURIComponent(id)}`, {
    rating: draft.rating,
    title: draft.title.trim(),
    content: draft.content.trim(),
  });
  return body.data;
}

export async function deleteReview(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/reviews/${encodeURIComponent(id)}`);
}

/** POST /api/reviews/{id}/react: the caller's reaction replaces the previous one; null removes it. */
export async function reactToReview(id: string, reaction: ReviewReaction | null): Promise<ReactionResult> {
  const body = await apiRequest<{ data: ReactionResult }>('POST', `/api/reviews/${encodeURIComponent(id)}/react`, { reaction });
  return body.data;
}
