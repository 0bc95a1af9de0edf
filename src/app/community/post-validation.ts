/**
 * Client-side checks of the 'Post a request' form: the server's rules (docs/COMMUNITY.md "Validation"), so
 * a request queued offline is one the server accepts. Errors are codes; POST_ERROR_TEXT has the contract's
 * English texts, which the catalogues translate under community.errors.
 */
import { COLORS, type Color } from '../../domain/catalog-constants';
import {
  POST_BUDGET_MAX,
  POST_DESCRIPTION_MAX,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  POST_TITLE_MAX,
  type PostCategory,
  type TimelineUnit,
} from '../../domain/community';
import type { NewPostInput } from '../../workers/data-api';
import type { ImageLimits } from '../ui/image-files';

/** Photos of a request or an offer: at most 5, each at most 5 MB (the server's limits). */
export const POST_IMAGE_LIMITS: ImageLimits = { maxBytes: POST_IMAGE_MAX_BYTES, maxCount: POST_IMAGES_MAX };

export interface PostDraft {
  title: string;
  description: string;
  category: PostCategory;
  budgetMin: string;
  budgetMax: string;
  timelineValue: string;
  timelineUnit: TimelineUnit;
  /** YYYY-MM-DD or ''. */
  expectedDelivery: string;
  preferredColors: Color[];
}

export const EMPTY_POST_DRAFT: PostDraft = {
  title: '',
  description: '',
  category: 'clothing',
  budgetMin: '',
  budgetMax: '',
  timelineValue: '',
  timelineUnit: 'weeks',
  expectedDelivery: '',
  preferredColors: [],
};

export type PostErrorCode =
  | 'titleRequired'
  | 'titleTooLong'
  | 'descriptionRequired'
  | 'descriptionTooLong'
  | 'budgetInvalid'
  | 'timelineInvalid'
  | 'deliveryInvalid';

export type PostField = 'title' | 'description' | 'budget' | 'timeline' | 'expectedDelivery';
export type PostErrors = Partial<Record<PostField, PostErrorCode>>;

/** The contract's texts (English); the catalogues carry them under community.errors.<code>. */
export const POST_ERROR_TEXT: Record<PostErrorCode, string> = {
  titleRequired: 'Title is required',
  titleTooLong: `The title may not be greater than ${POST_TITLE_MAX} characters.`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: `The description may not be greater than ${POST_DESCRIPTION_MAX} characters.`,
  budgetInvalid: 'The budget range is not valid.',
  timelineInvalid: 'The timeline must be a whole number from 1 to 365.',
  deliveryInvalid: 'The expected delivery must be a valid date.',
};

/** A money field: a non-negative number with at most 2 decimals ('1 500,5' is read as 1500.5); null if not. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}

/** The server's budget rule: min ≥ 0, max ≥ min, max ≤ 1,000,000. */
export function isValidBudget(min: number | null, max: number | null): boolean {
  return min !== null && max !== null && min >= 0 && max >= min && max <= POST_BUDGET_MAX;
}

function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export type PostCheck = { ok: true; input: NewPostInput } | { ok: false; errors: PostErrors };

/** Checks a draft and, when it passes, gives the input for DataApi.createPost. */
export function validatePost(draft: PostDraft): PostCheck {
  const errors: PostErrors = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (!title) errors.title = 'titleRequired';
  else if (title.length > POST_TITLE_MAX) errors.title = 'titleTooLong';
  if (!description) errors.description = 'descriptionRequired';
  else if (description.length > POST_DESCRIPTION_MAX) errors.description = 'descriptionTooLong';

  const min = parseAmount(draft.budgetMin);
  const max = parseAmount(draft.budgetMax);
  if (!isValidBudget(min, max)) errors.budget = 'budgetInvalid';

  const timelineText = draft.timelineValue.trim();
  const timeline = Number(timelineText);
  if (timelineText && !(/^\d+$/.test(timelineText) && timeline >= 1 && timeline <= 365)) errors.timeline = 'timelineInvalid';

  const delivery = draft.expectedDelivery.trim();
  if (delivery && !isValidDate(delivery)) errors.expectedDelivery = 'deliveryInvalid';

  if (Object.keys(errors).length > 0 || min === null || max === null) return { ok: false, errors };
  const colors = COLORS.filter((color) => draft.preferredColors.includes(color));
  return {
    ok: true,
    input: {
      title,
      description,
      category: draft.category,
      budget_min: min,
      budget_max: max,
      ...(timelineText ? { timeline_value: timeline, timeline_unit: draft.timelineUnit } : {}),
      expected_delivery: delivery || null,
      ...(colors.length > 0 ? { preferred_colors: colors } : {}),
    },
  };
}
