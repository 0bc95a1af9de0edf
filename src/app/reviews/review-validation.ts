/**
 * Client-side checks of the review form (docs/REVIEWS-FOLLOWS.md, spec §5): a rating of 1–5, a title of at most
 * 120 characters, content of 1–2000 characters, at most 5 images, each JPG, PNG, WebP or GIF and at most 2 MB.
 * The server checks the same (and sniffs the content); these only save a round trip and say it in the user's
 * language. The image type is checked by the file's declared type, then its name's extension when the type is
 * empty (some pickers give none).
 */
import {
  REVIEW_CONTENT_MAX,
  REVIEW_IMAGE_MAX_BYTES,
  REVIEW_IMAGES_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TITLE_MAX,
} from '../../domain/social';
import { addImages as addImageFiles, IMAGE_ACCEPT, type ImageCandidate, type ImageLimits, type ImageProblem } from '../ui/image-files';

/** For the file input's accept attribute (the shared image rules: ui/image-files.ts). */
export const REVIEW_IMAGE_ACCEPT = IMAGE_ACCEPT;
export const REVIEW_IMAGE_LIMITS: ImageLimits = { maxBytes: REVIEW_IMAGE_MAX_BYTES, maxCount: REVIEW_IMAGES_MAX };

export interface ReviewDraft {
  /** 0 while none is chosen. */
  rating: number;
  title: string;
  content: string;
}

export type ReviewFieldProblem =
  | { field: 'rating'; key: 'ratingRequired' }
  | { field: 'title'; key: 'titleMax'; max: number }
  | { field: 'content'; key: 'contentRequired' }
  | { field: 'content'; key: 'contentMax'; max: number };

export type ReviewProblems = Partial<Record<'rating' | 'title' | 'content', ReviewFieldProblem>>;

export function validateReviewDraft(draft: ReviewDraft): ReviewProblems {
  const problems: ReviewProblems = {};
  if (!Number.isInteger(draft.rating) || draft.rating < REVIEW_RATING_MIN || draft.rating > REVIEW_RATING_MAX) {
    problems.rating = { field: 'rating', key: 'ratingRequired' };
  }
  if (draft.title.trim().length > REVIEW_TITLE_MAX) problems.title = { field: 'title', key: 'titleMax', max: REVIEW_TITLE_MAX };
  const content = draft.content.trim();
  if (content === '') problems.content = { field: 'content', key: 'contentRequired' };
  else if (content.length > REVIEW_CONTENT_MAX) problems.content = { field: 'content', key: 'contentMax', max: REVIEW_CONTENT_MAX };
  return problems;
}

export const hasProblems = (problems: ReviewProblems): boolean => Object.keys(problems).length > 0;

export { isAllowedImageType, type ImageCandidate, type ImageProblem } from '../ui/image-files';

/** Adds picked files to those already chosen, with the review limits (5 images of at most 2 MB). */
export function addImages<F extends ImageCandidate>(chosen: readonly F[], picked: readonly F[]): { images: F[]; problems: ImageProblem[] } {
  return addImageFiles(chosen, picked, REVIEW_IMAGE_LIMITS);
}

/** The multipart body of POST /api/reviews (field names of the contract). */
export function reviewFormData(productId: string, draft: ReviewDraft, images: readonly Blob[]): FormData {
  const body = new FormData();
  body.set('product_id', productId);
  body.set('rating', String(draft.rating));
  body.set('title', draft.title.trim());
  body.set('content', draft.content.trim());
  for (const image of images) body.append('images[]', image);
  return body;
}
