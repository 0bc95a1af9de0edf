/**
 * Community request bodies (docs/COMMUNITY.md, "Community"), JSON or
 * multipart/form-data, refused as 422 VALIDATION with every field and the
 * contract's exact texts. Multipart fields arrive as strings (numbers as
 * digits, lists as repeated fields `name[]` or one JSON array); JSON images
 * come as data URLs in `images_data`, held to the same limits as uploaded
 * files. Text PostgreSQL cannot store (NUL) is refused like any invalid field.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COLORS } from '../../domain/catalog-constants';
import {
  POST_BUDGET_MAX,
  POST_CATEGORIES,
  POST_DESCRIPTION_MAX,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  POST_SPECIFICATIONS_MAX,
  POST_TITLE_MAX,
  RESPONSE_MESSAGE_MAX,
  TIMELINE_UNITS,
} from '../../domain/community';
import { toCentimes } from '../../domain/money';
import { MAX_ID } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { reencodeReviewImage, sniffImageType, UndecodableImageError } from '../media/review-image-processing';
import type { StoredCommunityImage } from '../repositories/community-images';

export const IMAGE_MESSAGES = {
  type: 'Images must be JPG, PNG, GIF or WebP.',
  size: 'Each image must be at most 5 MB.',
  count: 'You can upload at most 5 images.',
} as const;

export const BUDGET_MESSAGE = 'The budget range is not valid.';
export const CLIENT_REF = /^[A-Za-z0-9_-]{8,100}$/;
/** A JSON body may carry five 5 MB images as base64 (4/3 larger) plus the fields. */
export const COMMUNITY_JSON_BODY_LIMIT = Math.ceil((POST_IMAGES_MAX * POST_IMAGE_MAX_BYTES * 4) / 3) + 1024 * 1024;
/** Text fields a form may carry; anything longer is not a community field. */
export const FIELD_MAX_BYTES = 64 * 1024;
const LIST_MAX = 10;
const LIST_ITEM_MAX = 50;

export function imageError(message: string): ApiError {
  return new ApiError('VALIDATION', { message, errors: [{ parameter: 'images', message }] });
}

const fieldError = (parameter: string, message: string): ApiError => new ApiError('VALIDATION', { message, errors: [{ parameter, message }] });

/** Text PostgreSQL cannot store (NUL) is bad input, never a 5xx; checked on parsed bodies (known fields only). */
export function refuseNul(value: unknown): void {
  if (JSON.stringify(value ?? null).includes('\\u0000')) {
    const message = 'The request may not contain NUL characters.';
    throw new ApiError('VALIDATION', { message, errors: [{ parameter: '(body)', message }] });
  }
}

// --- Field builders.

const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v);
const decimal = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,9}(?:\.\d{1,6})?\s*$/.test(v) ? Number(v) : v);
const absentIsEmpty = (v: unknown) => (v === undefined || v === null ? '' : v);

function requiredWithMessage(message: string, field: string, max: number) {
  return z.preprocess(
    absentIsEmpty,
    z
      .string({ error: () => message })
      .trim()
      .min(1, message)
      .max(max, fieldMessages.max(field, max)),
  );
}

function intField(field: string, min: number, max: number) {
  const label = field.replace(/_/g, ' ');
  return z.preprocess(
    digits,
    z
      .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required(label) : fieldMessages.invalid(label)) })
      .int(fieldMessages.invalid(label))
      .min(min, fieldMessages.invalid(label))
      .max(max, fieldMessages.invalid(label)),
  );
}

/** A list: an array, or (multipart) one JSON array, or absent. */
const listInput = (v: unknown) => {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') {
    const trimmed = v.trim();
    if (trimmed.startsWith('[')) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return v;
      }
    }
    return [v];
  }
  return v;
};

function textList(field: string) {
  const label = field.replace(/_/g, ' ');
  return z.preprocess(
    listInput,
    z
      .array(
        z
          .string({ error: () => fieldMessages.invalid(label) })
          .trim()
          .min(1, fieldMessages.invalid(label))
          .max(LIST_ITEM_MAX, fieldMessages.max(label, LIST_ITEM_MAX)),
        { error: () => fieldMessages.invalid(label) },
      )
      .max(LIST_MAX, fieldMessages.invalid(label)),
  );
}

const clientRef = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: () => fieldMessages.invalid('client ref') })
    .regex(CLIENT_REF, fieldMessages.invalid('client ref'))
    .nullish()
    .transform((v) => v ?? null),
);

const imagesData = z
  .array(z.string({ error: () => IMAGE_MESSAGES.type }), { error: () => IMAGE_MESSAGES.type })
  .optional()
  .transform((v) => v ?? []);

/** A MAD amount: a number (or digits) ≥ 0 with at most 2 decimals; null when it is not one. */
function moneyOf(v: unknown): number | null {
  const n = decimal(v);
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return null;
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return null;
  return n;
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const newPostSchema = z
  .object({
    title: requiredWithMessage('Title is required', 'title', POST_TITLE_MAX),
    description: requiredWithMessage('Description is required', 'description', POST_DESCRIPTION_MAX),
    category: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'other' : v), z.enum(POST_CATEGORIES, { error: () => fieldMessages.invalid('category') })),
    category_id: z.preprocess((v) => (v === '' ? null : digits(v)), z.number({ error: () => fieldMessages.invalid('category id') }).int(fieldMessages.invalid('category id')).min(1, fieldMessages.invalid('category id')).max(MAX_ID, fieldMessages.invalid('category id')).nullish().transform((v) => v ?? null)),
    budget_min: z.unknown().optional(),
    budget_max: z.unknown().optional(),
    timeline_value: z.preprocess((v) => (v === undefined || v === null || v === '' ? 7 : v), intField('timeline_value', 1, 365)),
    timeline_unit: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'days' : v), z.enum(TIMELINE_UNITS, { error: () => fieldMessages.invalid('timeline unit') })),
    expected_delivery: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string({ error: () => fieldMessages.invalid('expected delivery') })
        .refine(isCalendarDate, fieldMessages.invalid('expected delivery'))
        .nullish()
        .transform((v) => v ?? null),
    ),
    specifications: z.preprocess(absentIsEmpty, z.string({ error: () => fieldMessages.type('specifications') }).trim().max(POST_SPECIFICATIONS_MAX, fieldMessages.max('specifications', POST_SPECIFICATIONS_MAX))),
    required_skills: textList('required_skills'),
    preferred_colors: z.preprocess(
      listInput,
      z.array(z.enum(COLORS, { error: () => fieldMessages.invalid('preferred colors') }), { error: () => fieldMessages.invalid('preferred colors') }).max(COLORS.length, fieldMessages.invalid('preferred colors')),
    ),
    preferred_styles: textList('preferred_styles'),
    client_ref: clientRef,
    images_data: imagesData,
  })
  .transform((body, ctx) => {
    const min = moneyOf(body.budget_min);
    const max = moneyOf(body.budget_max);
    if (min === null) ctx.addIssue({ code: 'custom', path: ['budget_min'], message: BUDGET_MESSAGE });
    else if (max === null || max < min || max > POST_BUDGET_MAX) ctx.addIssue({ code: 'custom', path: ['budget_max'], message: BUDGET_MESSAGE });
    return { ...body, budget_min_cents: toCentimes(min ?? 0), budget_max_cents: toCentimes(max ?? 0) };
  });
export type NewPostBody = z.output<typeof newPostSchema>;

export const respondSchema = z.object({
  message: z.preprocess(
    absentIsEmpty,
    z
      .string({ error: () => fieldMessages.type('message') })
      .trim()
      .min(1, fieldMessages.required('message'))
      .max(RESPONSE_MESSAGE_MAX, fieldMessages.max('message', RESPONSE_MESSAGE_MAX)),
  ),
  price: z.unknown().optional().transform((v, ctx) => {
    const n = moneyOf(v);
    if (n === null || n > POST_BUDGET_MAX) {
      ctx.addIssue({ code: 'custom', message: v === undefined || v === null || v === '' ? fieldMessages.required('price') : fieldMessages.invalid('price') });
      return z.NEVER;
    }
    return toCentimes(n);
  }),
  delivery_days: intField('delivery_days', 1, 365),
  client_ref: clientRef,
  images_data: imagesData,
});
export type RespondBody = z.output<typeof respondSchema>;

export const closePostSchema = z.object({
  status: z.literal('closed', { error: () => fieldMessages.invalid('status') }),
});

export const answerSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: () => fieldMessages.invalid('status') }),
});

// --- Multipart forms.

export interface CommunityForm {
  fields: Record<string, unknown>;
  files: Buffer[];
}

const LIST_FIELDS = new Set(['required_skills', 'preferred_colors', 'preferred_styles']);

/** Reads a multipart form: fields as text (list fields collected), image files into memory (bounded by the plugin). */
export async function readCommunityForm(request: FastifyRequest): Promise<CommunityForm> {
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!/^images(\[\d*\])?$/.test(part.fieldname)) continue; // not an image field: read and dropped
        files.push(buffer);
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError('MALFORMED_MULTIPART');
      if (typeof part.value !== 'string') continue;
      const name = part.fieldname.replace(/\[\d*\]$/, '');
      if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
      if (LIST_FIELDS.has(name)) {
        const known = fields[name];
        if (Array.isArray(known)) known.push(part.value);
        else fields[name] = part.fieldname.endsWith(']') ? [part.value] : part.value;
      } else if (!Object.hasOwn(fields, name)) {
        fields[name] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw imageError(IMAGE_MESSAGES.count);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageError(IMAGE_MESSAGES.size);
    throw new ApiError('MALFORMED_MULTIPART');
  }
  // Multipart never sends data URLs: images come as files.
  delete fields.images_data;
  return { fields, files };
}

/** The body of a JSON or multipart request, and its uploaded files. */
export async function communityBody(request: FastifyRequest): Promise<{ body: unknown; files: Buffer[] }> {
  if (request.isMultipart()) {
    const form = await readCommunityForm(request);
    return { body: form.fields, files: form.files };
  }
  return { body: request.body, files: [] };
}

// --- Images.

const DATA_URL = /^data:[A-Za-z0-9.+/-]*(?:;[A-Za-z0-9=.+-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes the data URLs of a JSON body; over-long ones are refused before decoding. */
export function decodeImagesData(urls: readonly string[]): Buffer[] {
  if (urls.length > POST_IMAGES_MAX) throw imageError(IMAGE_MESSAGES.count);
  return urls.map((url) => {
    const prefix = DATA_URL.exec(url);
    if (!prefix) throw imageError(IMAGE_MESSAGES.type);
    const payload = url.slice(prefix[0].length).replace(/\s+/g, '');
    if (Math.floor((payload.length * 3) / 4) - 2 > POST_IMAGE_MAX_BYTES) throw imageError(IMAGE_MESSAGES.size);
    if (!BASE64.test(payload)) throw imageError(IMAGE_MESSAGES.type);
    return Buffer.from(payload, 'base64');
  });
}

/** Checks every image by its bytes (type, size, count), then re-encodes them like review images. */
export async function processCommunityImages(files: readonly Buffer[]): Promise<StoredCommunityImage[]> {
  if (files.length > POST_IMAGES_MAX) throw imageError(IMAGE_MESSAGES.count);
  for (const file of files) {
    if (file.length > POST_IMAGE_MAX_BYTES) throw imageError(IMAGE_MESSAGES.size);
    if (sniffImageType(file) === null) throw imageError(IMAGE_MESSAGES.type);
  }
  const images: StoredCommunityImage[] = [];
  for (const file of files) {
    try {
      images.push(await reencodeReviewImage(file));
    } catch (error) {
      if (error instanceof UndecodableImageError) throw imageError(IMAGE_MESSAGES.type);
      throw error;
    }
  }
  return images;
}

/** Parses a body, refuses NUL in its text, and returns its images (files or data URLs) re-encoded. */
export async function parseCommunityBody<S extends typeof newPostSchema | typeof respondSchema>(
  schema: S,
  body: unknown,
  files: readonly Buffer[],
): Promise<{ input: z.output<S>; images: StoredCommunityImage[] }> {
  const input = parseBody(schema, body) as z.output<S>;
  const { images_data: data, ...text } = input;
  refuseNul(text);
  const buffers = files.length > 0 ? [...files, ...decodeImagesData(data)] : decodeImagesData(data);
  return { input, images: await processCommunityImages(buffers) };
}

export { fieldError };
