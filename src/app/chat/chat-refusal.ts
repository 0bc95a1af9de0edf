/**
 * Why the server refused a message (the outbox entry's failure: status and code, docs/COMMUNITY.md "Messages"),
 * as a key of the 'chat.refusals' catalogue. Pure, so it is tested without a browser.
 */
import type { OutboxEntry, OutboxFailure } from '../../workers/data-api';
import { problemOfCode, type AttachmentProblem } from './attachments';

export const REFUSAL_KEYS = [
  'SHOP_NOT_FOUND',
  'MESSAGE_OWN_SHOP',
  'CONVERSATION_NOT_FOUND',
  'CLIENT_REF_TAKEN',
  'VALIDATION',
  'TOO_MANY_REQUESTS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'serverError',
  'unknown',
] as const;
export type RefusalKey = (typeof REFUSAL_KEYS)[number];

const BY_CODE = new Set<string>(REFUSAL_KEYS);

export function refusalKey(failure: OutboxFailure | null): RefusalKey {
  if (failure === null) return 'unknown';
  if (BY_CODE.has(failure.code) && failure.code !== 'serverError' && failure.code !== 'unknown') return failure.code as RefusalKey;
  if (failure.status === 401) return 'UNAUTHENTICATED';
  if (failure.status === 429) return 'TOO_MANY_REQUESTS';
  if (failure.status === 403 || failure.code === 'SELLER_NOT_VERIFIED') return 'FORBIDDEN';
  if (failure.status >= 500) return 'serverError';
  return 'unknown';
}

export type RefusalTextKey = `chat.refusals.${RefusalKey}` | `chat.attachments.${AttachmentProblem}`;

/** The catalogue key of a refusal's text: an attachment refused by the server says which rule, like the composer. */
export function refusalTextKey(failure: OutboxFailure | null): RefusalTextKey {
  const problem = problemOfCode(failure?.code);
  return problem ? `chat.attachments.${problem}` : `chat.refusals.${refusalKey(failure)}`;
}

/** The latest outbox entry that sends a message (its document id), if any. */
export function entryOfMessage(entries: readonly OutboxEntry[], messageId: string): OutboxEntry | null {
  let found: OutboxEntry | null = null;
  for (const entry of entries) {
    if (entry.kind !== 'message_send' || entry.target !== messageId) continue;
    if (found === null || entry.createdAt > found.createdAt) found = entry;
  }
  return found;
}
