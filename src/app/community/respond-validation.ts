/**
 * Client-side checks of the seller's offer on a request (POST /api/v1/seller/community/posts/{id}/respond,
 * docs/COMMUNITY.md): the server's rules, so an offer queued offline is one the server accepts. Errors are
 * codes; RESPOND_ERROR_TEXT has the English texts (the server's where it has one), which the catalogues
 * translate under community.respond.errors. A refusal of respondToPost keeps the server's `code`
 * (respondRefusalKey picks its text).
 */
import { POST_BUDGET_MAX, RESPONSE_MESSAGE_MAX } from '../../domain/community';
import type { RespondInput } from '../../workers/data-api';
import { parseAmount } from './post-validation';

export interface RespondDraft {
  message: string;
  price: string;
  deliveryDays: string;
}

export const EMPTY_RESPOND_DRAFT: RespondDraft = { message: '', price: '', deliveryDays: '' };

export const DELIVERY_DAYS_MIN = 1;
export const DELIVERY_DAYS_MAX = 365;

export type RespondErrorCode =
  | 'messageRequired'
  | 'messageTooLong'
  | 'priceRequired'
  | 'priceInvalid'
  | 'deliveryRequired'
  | 'deliveryInvalid';

export type RespondField = 'message' | 'price' | 'deliveryDays';
export type RespondErrors = Partial<Record<RespondField, RespondErrorCode>>;

/** The English texts; the catalogues carry them under community.respond.errors.<code>. */
export const RESPOND_ERROR_TEXT: Record<RespondErrorCode, string> = {
  messageRequired: 'The message field is required.',
  messageTooLong: `The message may not be greater than ${RESPONSE_MESSAGE_MAX} characters.`,
  priceRequired: 'The price field is required.',
  priceInvalid: 'The price must be an amount from 0 to 1,000,000 MAD with at most 2 decimals.',
  deliveryRequired: 'The delivery days field is required.',
  deliveryInvalid: 'The delivery time must be a whole number of days from 1 to 365.',
};

export type RespondCheck = { ok: true; input: RespondInput } | { ok: false; errors: RespondErrors };

/**
 * Checks a draft and, when it passes, gives the input for DataApi.respondToPost (the photos are added by the
 * caller, read as data URLs; their checks are ui/image-files.ts with POST_IMAGE_LIMITS).
 */
export function validateResponse(draft: RespondDraft): RespondCheck {
  const errors: RespondErrors = {};
  const message = draft.message.trim();
  if (!message) errors.message = 'messageRequired';
  else if (message.length > RESPONSE_MESSAGE_MAX) errors.message = 'messageTooLong';

  const priceText = draft.price.trim();
  const price = parseAmount(priceText);
  if (!priceText) errors.price = 'priceRequired';
  else if (price === null || price > POST_BUDGET_MAX) errors.price = 'priceInvalid';

  const daysText = draft.deliveryDays.trim();
  const days = Number(daysText);
  if (!daysText) errors.deliveryDays = 'deliveryRequired';
  else if (!/^\d+$/.test(daysText) || days < DELIVERY_DAYS_MIN || days > DELIVERY_DAYS_MAX) errors.deliveryDays = 'deliveryInvalid';

  if (Object.keys(errors).length > 0 || price === null) return { ok: false, errors };
  return { ok: true, input: { message, price, delivery_days: days } };
}

// --- Refusals of respondToPost (local or the server's), by code.

export const RESPOND_REFUSAL_CODES = [
  'SELLER_NOT_VERIFIED',
  'POST_NOT_OPEN',
  'RESPONSE_EXISTS',
  'RESPONSE_OWN_POST',
  'POST_NOT_FOUND',
  'VALIDATION',
] as const;
export type RespondRefusalCode = (typeof RESPOND_REFUSAL_CODES)[number];

/** The contract's texts of the refusals (English); the catalogues have them under community.respond.refusals. */
export const RESPOND_REFUSAL_TEXT: Record<RespondRefusalCode | 'unknown', string> = {
  SELLER_NOT_VERIFIED: 'Only verified sellers can respond to requests.',
  POST_NOT_OPEN: 'This request is no longer open.',
  RESPONSE_EXISTS: 'Your shop has already responded to this request.',
  RESPONSE_OWN_POST: 'You cannot respond to your own request.',
  POST_NOT_FOUND: 'Post not found',
  VALIDATION: 'Please check the offer: some of its details are not valid.',
  unknown: 'We could not save your offer. Please try again.',
};

/** The refusal's code when it is one the page explains, else 'unknown'. */
export function respondRefusalKey(error: unknown): RespondRefusalCode | 'unknown' {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return RESPOND_REFUSAL_CODES.find((c) => c === code) ?? 'unknown';
}
