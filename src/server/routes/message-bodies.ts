/**
 * The bodies of a new message (docs/COMMUNITY.md "Messages"): JSON (content
 * possibly base64-encoded, attachments as data URLs in `attachments_data`) or
 * multipart/form-data (files in `attachments[]`). Attachments are decided by
 * their bytes: JPG, PNG, GIF, WebP or PDF, at most 10 MB each and 5 in all.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX, MESSAGE_CONTENT_MAX } from '../../domain/community';
import { MAX_ID } from '../db/ids';
import { ApiError } from '../http/api-error';
import { fieldMessages, parseBody } from '../http/body';
import { sniffImageType } from '../media/review-image-processing';
import type { NewAttachment } from '../repositories/message-writes';

/** Base64 of 5000 characters of up to 4 UTF-8 bytes each, with room. */
const RAW_CONTENT_MAX = 28_000;
/** Multipart text fields are short; content (possibly base64) is the longest. */
export const FIELD_MAX_BYTES = 32 * 1024;
/** A JSON body with five 10 MB attachments as base64 data URLs, and the rest. */
export const MESSAGE_BODY_LIMIT = Math.ceil((MESSAGE_ATTACHMENT_MAX_BYTES * 4) / 3) * MESSAGE_ATTACHMENTS_MAX + 256 * 1024;

const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v);

function idField(field: string) {
  return z.preprocess(
    digits,
    z
      .number({ error: (issue) => (issue.input === undefined ? fieldMessages.required(field.replace(/_/g, ' ')) : fieldMessages.invalid(field.replace(/_/g, ' '))) })
      .int(fieldMessages.invalid(field.replace(/_/g, ' ')))
      .min(1, fieldMessages.invalid(field.replace(/_/g, ' ')))
      .max(MAX_ID, fieldMessages.invalid(field.replace(/_/g, ' '))),
  );
}

const attachmentData = z.union([
  z.string({ error: () => fieldMessages.invalid('attachments data') }),
  z.object({
    name: z.string().max(255).nullish(),
    data: z.string({ error: () => fieldMessages.invalid('attachments data') }),
  }),
]);

const common = {
  content: z
    .string({ error: () => fieldMessages.type('content') })
    .max(RAW_CONTENT_MAX, fieldMessages.max('content', MESSAGE_CONTENT_MAX))
    .nullish()
    .transform((v) => v ?? ''),
  content_encoding: z.enum(['base64'], { error: () => fieldMessages.invalid('content encoding') }).nullish(),
  post_id: idField('post_id').nullish(),
  client_ref: z
    .string({ error: () => fieldMessages.invalid('client ref') })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, fieldMessages.invalid('client ref'))
    .nullish(),
  attachments_data: z.array(attachmentData, { error: () => fieldMessages.invalid('attachments data') }).nullish(),
};

export const buyerMessageSchema = z.object({ shop_id: idField('shop_id'), ...common });
export const sellerMessageSchema = z.object({ user_id: idField('user_id'), ...common });

function invalid(parameter: string, message: string): ApiError {
  return new ApiError('VALIDATION', { message, errors: [{ parameter, message }] });
}

/** The message text: decoded when base64, at most 5000 characters, no NUL. */
export function messageText(raw: string, encoding: 'base64' | null | undefined): string {
  let text = raw;
  if (encoding === 'base64') {
    const compact = raw.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) throw invalid('content', 'The content is not valid base64.');
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
    } catch {
      throw invalid('content', 'The content is not valid UTF-8 text.');
    }
  }
  if (text.length > MESSAGE_CONTENT_MAX) throw invalid('content', fieldMessages.max('content', MESSAGE_CONTENT_MAX));
  if (text.includes('\u0000')) throw invalid('content', 'The request may not contain NUL characters.');
  return text;
}

const TYPES = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
} as const;

function sniff(data: Buffer): keyof typeof TYPES | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return sniffImageType(data);
}

/** A name to show: no path, no control characters, at most 255 characters; a default when nothing is left. */
function cleanName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.replace(/\p{Cc}/gu, '').trim()].slice(0, 255).join('');
  return cleaned === '' ? fallback : cleaned;
}

export interface RawAttachment {
  name: string | null;
  data: Buffer;
}

/** Checks count, size and type (by the bytes) and names the stored files. */
export function toAttachments(raw: readonly RawAttachment[]): NewAttachment[] {
  if (raw.length > MESSAGE_ATTACHMENTS_MAX) throw new ApiError('MESSAGE_TOO_MANY_ATTACHMENTS');
  return raw.map((a, i) => {
    if (a.data.length > MESSAGE_ATTACHMENT_MAX_BYTES) throw new ApiError('MESSAGE_ATTACHMENT_TOO_LARGE');
    const kind = sniff(a.data);
    if (kind === null) throw new ApiError('MESSAGE_ATTACHMENT_TYPE');
    const { mime, ext } = TYPES[kind];
    return { file: `${randomBytes(16).toString('hex')}.${ext}`, name: cleanName(a.name, `attachment-${i + 1}.${ext}`), type: mime, data: a.data };
  });
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/i;

/** A data URL's (or bare base64's) bytes; refused as a type error when not base64, before decoding anything too large. */
function decodeDataUrl(value: string): Buffer {
  const header = DATA_URL.exec(value.slice(0, 256));
  const payload = header ? value.slice(header[0].length) : value;
  const compact = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0 || compact === '') throw new ApiError('MESSAGE_ATTACHMENT_TYPE');
  if ((compact.length / 4) * 3 - (compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0) > MESSAGE_ATTACHMENT_MAX_BYTES) {
    throw new ApiError('MESSAGE_ATTACHMENT_TOO_LARGE');
  }
  return Buffer.from(compact, 'base64');
}

export function attachmentsFromJson(list: readonly (string | { name?: string | null; data: string })[] | null | undefined): RawAttachment[] {
  if (!list) return [];
  if (list.length > MESSAGE_ATTACHMENTS_MAX) throw new ApiError('MESSAGE_TOO_MANY_ATTACHMENTS');
  return list.map((item) => (typeof item === 'string' ? { name: null, data: decodeDataUrl(item) } : { name: item.name ?? null, data: decodeDataUrl(item.data) }));
}

/** A multipart form: text fields (the first of each name) and the attachment files. */
export async function readMessageForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: RawAttachment[] }> {
  const fields: Record<string, string> = {};
  const files: RawAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!/^(attachments?|files?)(\[\d*\])?$/.test(part.fieldname)) continue;
        files.push({ name: part.filename, data });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError('MALFORMED_MULTIPART');
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiError('MESSAGE_TOO_MANY_ATTACHMENTS');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError('MESSAGE_ATTACHMENT_TOO_LARGE');
    throw new ApiError('MALFORMED_MULTIPART');
  }
  return { fields, files };
}

export interface ParsedMessage<T> {
  target: T;
  content: string;
  postId: number | null;
  clientRef: string | null;
  attachments: NewAttachment[];
}

/** The whole body of a send (JSON or multipart), checked; `target` is the shop_id or user_id. */
export async function parseMessageRequest<K extends 'shop_id' | 'user_id'>(request: FastifyRequest, key: K): Promise<ParsedMessage<number>> {
  let body: unknown = request.body;
  let files: RawAttachment[] = [];
  if (request.isMultipart()) {
    const form = await readMessageForm(request);
    body = form.fields;
    files = form.files;
  }
  const parsed = key === 'shop_id' ? parseBody(buyerMessageSchema, body) : parseBody(sellerMessageSchema, body);
  const target = 'shop_id' in parsed ? parsed.shop_id : parsed.user_id;
  const content = messageText(parsed.content, parsed.content_encoding);
  const raw = files.length > 0 ? files : attachmentsFromJson(parsed.attachments_data);
  if (files.length > 0 && parsed.attachments_data && parsed.attachments_data.length > 0) throw invalid('attachments_data', 'Send attachments either as files or as data, not both.');
  const attachments = toAttachments(raw);
  if (content.trim() === '' && attachments.length === 0) throw invalid('content', fieldMessages.required('content'));
  return { target, content, postId: parsed.post_id ?? null, clientRef: parsed.client_ref ?? null, attachments };
}
