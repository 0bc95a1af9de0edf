/**
 * Files sent with a message (docs/COMMUNITY.md "Messages"): JPG, PNG, GIF, WebP or PDF, at most 10 MB each and
 * 5 in all. `checkAttachments` keeps the picked files that pass (the chosen ones first) and names each kind of
 * refusal once; the data worker checks the bytes again (as the server does) and refuses with the server's code,
 * which `problemOfCode` turns into the same problems. Sizes are shown in the interface language. Pure, so it is
 * tested without a browser.
 */
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX } from '../../domain/community';
import { numberLocale } from '../../domain/money';

export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;
/** For the file input's accept attribute. */
export const ATTACHMENT_ACCEPT = `${ATTACHMENT_TYPES.join(',')},.jpg,.jpeg,.png,.gif,.webp,.pdf`;
const EXTENSIONS = /\.(jpe?g|png|gif|webp|pdf)$/i;

/** What the checks need of a File (a plain object in tests). */
export interface AttachmentCandidate {
  name: string;
  type: string;
  size: number;
}

/** Each is a key of chat.attachments, worded as the server's texts. */
export type AttachmentProblem = 'wrongType' | 'tooLarge' | 'tooMany';
const PROBLEM_ORDER: readonly AttachmentProblem[] = ['wrongType', 'tooLarge', 'tooMany'];

/** By its declared type, or by its extension when the picker gives none. */
export function isAllowedAttachment(file: AttachmentCandidate): boolean {
  if (file.type !== '') return (ATTACHMENT_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/**
 * Adds picked files to the chosen ones: those of an allowed type, at most 10 MB, while fewer than 5 are chosen;
 * every other one is left out and its reason reported once (type, size, count).
 */
export function checkAttachments<F extends AttachmentCandidate>(chosen: readonly F[], picked: readonly F[]): { files: F[]; problems: AttachmentProblem[] } {
  const files = [...chosen];
  const problems = new Set<AttachmentProblem>();
  for (const file of picked) {
    if (!isAllowedAttachment(file)) problems.add('wrongType');
    else if (file.size > MESSAGE_ATTACHMENT_MAX_BYTES) problems.add('tooLarge');
    else if (files.length >= MESSAGE_ATTACHMENTS_MAX) problems.add('tooMany');
    else files.push(file);
  }
  return { files, problems: PROBLEM_ORDER.filter((p) => problems.has(p)) };
}

const BY_CODE: Record<string, AttachmentProblem> = {
  MESSAGE_ATTACHMENT_TYPE: 'wrongType',
  MESSAGE_ATTACHMENT_TOO_LARGE: 'tooLarge',
  MESSAGE_TOO_MANY_ATTACHMENTS: 'tooMany',
};

/** The problem a refusal's code names (the data worker's or the server's), or null for any other code. */
export function problemOfCode(code: unknown): AttachmentProblem | null {
  return typeof code === 'string' && Object.hasOwn(BY_CODE, code) ? (BY_CODE[code] ?? null) : null;
}

/** Shown as a picture (JPG, PNG, GIF, WebP); anything else is a file link. */
export const isImageAttachment = (attachment: { type: string }): boolean => attachment.type.toLowerCase().startsWith('image/');

/** A link to a file held on this device (a queued message's data URL) downloads it: a data URL cannot open in a tab. */
export const isLocalAttachment = (attachment: { url: string }): boolean => attachment.url.startsWith('data:');

const KB = 1024;
const MB = 1024 * 1024;
const sizeFormatters = new Map<string, Intl.NumberFormat>();

function sizeFormatter(language: string, unit: 'byte' | 'kilobyte' | 'megabyte', digits: number): Intl.NumberFormat {
  const key = `${language}:${unit}:${digits}`;
  let f = sizeFormatters.get(key);
  if (!f) {
    // "70 bytes" (the short form says "70 byte" in English), "1.3 MB".
    f = new Intl.NumberFormat(numberLocale(language), { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: digits });
    sizeFormatters.set(key, f);
  }
  return f;
}

/** A file's size for people: bytes under 1 KB, then KB, then MB (one decimal under 10), in the language's units. */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < KB) return sizeFormatter(language, 'byte', 0).format(bytes);
  if (bytes < MB) return sizeFormatter(language, 'kilobyte', bytes < 10 * KB ? 1 : 0).format(bytes / KB);
  return sizeFormatter(language, 'megabyte', bytes < 10 * MB ? 1 : 0).format(bytes / MB);
}
