/**
 * The messages REST client, the buyer's side (docs/COMMUNITY.md "Messages"):
 * conversations, a shop's messages and the unread count.
 *
 * Each request goes through the app's API client (src/app/auth/api-client.ts: the session's bearer token,
 * Accept-Language, a 401 ends the session), times out after MESSAGE_REQUEST_TIMEOUT_MS (10 s) and is retried
 * up to MESSAGE_REQUEST_RETRIES (2) times over the API bases (api-bases.ts), primary first: attempt n goes to
 * base n mod (number of bases), so with [A, B] the order is A, B, A. A 4xx answer is final; a 5xx, a timeout
 * or a network failure moves on to the next attempt at once. The caller's AbortSignal stops everything.
 * Answers are checked (messages like messageSchema, via chat-frames.ts); one that does not match is a failure
 * (not retried).
 */
import { MESSAGE_REQUEST_RETRIES, MESSAGE_REQUEST_TIMEOUT_MS } from '../../domain/community';
import type { Conversation, Message } from '../../domain/community-schemas';
import { ApiFailure, apiRequest, type HttpMethod, type RequestOptions } from '../auth/api-client';
import { apiBases } from './api-bases';
import { checkMessage } from './chat-frames';

export const TIMEOUT_ERROR_CODE = 'TIMEOUT';
export const ABORTED_ERROR_CODE = 'ABORTED';
export const INVALID_ANSWER_CODE = 'INVALID_ANSWER';

export interface Presence {
  online: boolean;
  last_seen: number | null;
}

export interface ConversationsAnswer {
  conversations: (Conversation & Presence)[];
  total_unread: number;
}

export interface MessagesPageAnswer {
  messages: Message[];
  pagination: { current_page: number; last_page: number; total: number };
  otherUser: { id: number; name: string; avatar: string } & Presence;
}

export interface UnreadCountAnswer {
  unread_count: number;
  has_new: boolean;
  new_messages: Message[];
  current_timestamp: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The messages of an answer, each checked like messageSchema; null when one is not a message. */
function messagesOf(value: unknown): Message[] | null {
  if (!Array.isArray(value)) return null;
  const out: Message[] = [];
  for (const item of value) {
    const checked = checkMessage(item);
    if (!checked.ok) return null;
    out.push(checked.value);
  }
  return out;
}

/** Answer checks (the app bundle keeps zod out): the shape the UI relies on; null when it is not there. */
const readConversations = (body: unknown): ConversationsAnswer | null =>
  isRec(body) && Array.isArray(body.conversations) && body.conversations.every(isRec) && isCount(body.total_unread)
    ? { conversations: body.conversations as unknown as ConversationsAnswer['conversations'], total_unread: body.total_unread }
    : null;

function readMessagesPage(body: unknown): MessagesPageAnswer | null {
  if (!isRec(body) || !isRec(body.pagination) || !isRec(body.otherUser)) return null;
  const messages = messagesOf(body.messages);
  return messages === null ? null : { messages, pagination: body.pagination as unknown as MessagesPageAnswer['pagination'], otherUser: body.otherUser as unknown as MessagesPageAnswer['otherUser'] };
}

function readUnreadCount(body: unknown): UnreadCountAnswer | null {
  if (!isRec(body) || !isCount(body.unread_count) || !isCount(body.current_timestamp)) return null;
  const newMessages = messagesOf(body.new_messages ?? []);
  if (newMessages === null) return null;
  return { unread_count: body.unread_count, has_new: body.has_new === true, new_messages: newMessages, current_timestamp: body.current_timestamp };
}

/** The API client's request (apiRequest, or createApiClient(...).request in tests). */
export type ApiRequestFn = <T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions) => Promise<T>;

export interface MessagesApiDeps {
  request?: ApiRequestFn;
  /** The API bases, primary first (called per request); empty: same-origin relative paths. */
  bases?: () => readonly string[];
  timeoutMs?: number;
  retries?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface MessagesPageQuery {
  page?: number;
  perPage?: number;
  postId?: number | null;
}

/** Whether a failure is worth another attempt: network, timeout or a 5xx. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiFailure)) return false;
  if (error.code === ABORTED_ERROR_CODE || error.code === INVALID_ANSWER_CODE) return false;
  return error.status === 0 || error.status >= 500;
}

function abortedFailure(): ApiFailure {
  return new ApiFailure(0, ABORTED_ERROR_CODE, 'The request was cancelled.');
}

/** `?page=…&per_page=…&post_id=…` of a messages page request, or '' for none. */
function pageSearch(query: MessagesPageQuery): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.perPage !== undefined) params.set('per_page', String(query.perPage));
  if (query.postId !== undefined && query.postId !== null) params.set('post_id', String(query.postId));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function createMessagesApi(deps: MessagesApiDeps = {}) {
  const request: ApiRequestFn = deps.request ?? apiRequest;
  const bases = deps.bases ?? apiBases;
  const timeoutMs = deps.timeoutMs ?? MESSAGE_REQUEST_TIMEOUT_MS;
  const retries = deps.retries ?? MESSAGE_REQUEST_RETRIES;

  /** One attempt at one URL, cut off after timeoutMs (the fetch is aborted too). */
  function attempt<T>(url: string, outer: AbortSignal | undefined): Promise<T> {
    if (outer?.aborted) return Promise.reject(abortedFailure());
    const controller = new AbortController();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outer?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => {
        controller.abort();
        finish(() => reject(abortedFailure()));
      };
      const timer = setTimeout(() => {
        controller.abort();
        finish(() => reject(new ApiFailure(0, TIMEOUT_ERROR_CODE, `No answer within ${timeoutMs} ms.`)));
      }, timeoutMs);
      outer?.addEventListener('abort', onAbort, { once: true });
      request<T>('GET', url, undefined, { signal: controller.signal }).then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  async function get<T>(path: string, read: (body: unknown) => T | null, options: CallOptions): Promise<T> {
    const list = bases();
    const targets = list.length === 0 ? [''] : list;
    let lastError: unknown = null;
    for (let n = 0; n <= retries; n += 1) {
      const base = targets[n % targets.length] ?? '';
      let body: unknown;
      try {
        body = await attempt<unknown>(`${base}${path}`, options.signal);
      } catch (error) {
        if (!isRetryable(error)) throw error;
        lastError = error;
        continue;
      }
      const answer = read(body);
      if (answer === null) throw new ApiFailure(200, INVALID_ANSWER_CODE, `Unexpected answer from ${path}`, [], body);
      return answer;
    }
    throw lastError;
  }

  return {
    /** GET /api/v1/buyer/messages/shops: the buyer's conversations (with the other side's presence). */
    conversations(options: CallOptions = {}): Promise<ConversationsAnswer> {
      return get('/api/v1/buyer/messages/shops', readConversations, options);
    },

    /** GET /api/v1/seller/messages/conversations: the seller's shop's conversations (with each buyer's presence). */
    sellerConversations(options: CallOptions = {}): Promise<ConversationsAnswer> {
      return get('/api/v1/seller/messages/conversations', readConversations, options);
    },

    /** GET /api/v1/buyer/messages/shops/{shopId}: a page of messages (page 1 = newest); marks them read. */
    messages(shopId: number, query: MessagesPageQuery = {}, options: CallOptions = {}): Promise<MessagesPageAnswer> {
      return get(`/api/v1/buyer/messages/shops/${encodeURIComponent(String(shopId))}${pageSearch(query)}`, readMessagesPage, options);
    },

    /** GET /api/v1/seller/messages/users/{userId}: the seller's side, a page of the conversation with that buyer; marks it read. */
    sellerMessages(userId: number, query: MessagesPageQuery = {}, options: CallOptions = {}): Promise<MessagesPageAnswer> {
      return get(`/api/v1/seller/messages/users/${encodeURIComponent(String(userId))}${pageSearch(query)}`, readMessagesPage, options);
    },

    /** GET /api/v1/buyer/messages/unread-count: the count, and the messages after lastChecked (server time). */
    unreadCount(lastChecked: number | null, options: CallOptions = {}): Promise<UnreadCountAnswer> {
      const search = lastChecked === null ? '' : `?last_checked=${Math.max(0, Math.floor(lastChecked))}`;
      return get(`/api/v1/buyer/messages/unread-count${search}`, readUnreadCount, options);
    },
  };
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;

/** The app's messages client (the session's token, the page's API bases). */
export const messagesApi: MessagesApi = createMessagesApi();
