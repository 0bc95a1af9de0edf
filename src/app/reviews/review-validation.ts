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

export const REVIEW_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** For the file input's accept attribute. */
export const REVIEW_IMAGE_ACCEPT = `${REVIEW_IMAGE_TYPES.join(',')},.jpg,.jpeg,.png,.webp,.gif`;
const EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

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

/** What the form needs of a File (a plain object in tests). */
export interface ImageCandidate {
  name: string;
  type: string;
  size: number;
}

export type ImageProblem = 'tooMany' | 'tooLarge' | 'wrongType';

export function isAllowedImageType(file: ImageCandidate): boolean {
  if (file.type !== '') return (REVIEW_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/**
 * Adds picked files to those already chosen: the ones that pass are kept (up to 5 in all), and each kind of
 * refusal is reported once, in the contract's order (type, size, count), so the message names every problem.
 */
export function addImages<F extends ImageCandidate>(
  chosen: readonly F[],
  picked: readonly F[],
): { images: F[]; problems: ImageProblem[] } {
  const images = [...chosen];
  const problems = new Set<ImageProblem>();
  for (const file of picked) {
    if (!isAllowedImageType(file)) problems.add('wrongType');
    else if (file.size > REVIEW_IMAGE_MAX_BYTES) problems.add('tooLarge');
    else if (images.length >= REVIEW_IMAGES_MAX) problems.add('tooMany');
    else images.push(file);
  }
  const order: ImageProblem[] = ['wrongType', 'tooLarge', 'tooMany'];
  return { images, problems: order.filter((p) => problems.has(p)) };
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
