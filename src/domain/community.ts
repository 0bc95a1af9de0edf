/**
 * Community requests, messages and chat constants shared by the server and the
 * client (docs/COMMUNITY.md). Pure: no zod here (community-schemas.ts has the
 * wire schemas).
 */
export const POST_CATEGORIES = ['clothing', 'accessories', 'shoes', 'jewelry', 'other'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const POST_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const RESPONSE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const TIMELINE_UNITS = ['days', 'weeks', 'months'] as const;
export type TimelineUnit = (typeof TIMELINE_UNITS)[number];

/** Spec §9: community page size. */
export const COMMUNITY_PAGE_SIZE = 12;
export const COMMUNITY_MAX_PAGE_SIZE = 50;
export const POST_TITLE_MAX = 150;
export const POST_DESCRIPTION_MAX = 5000;
export const POST_SPECIFICATIONS_MAX = 2000;
export const POST_BUDGET_MAX = 1_000_000;
/** Post images: the spec's two readings (2 MB JPG/PNG/GIF, 5 MB with WebP); we take the wider one. */
export const POST_IMAGES_MAX = 5;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const RESPONSE_MESSAGE_MAX = 2000;

/** Spec §9: messages default page 1, 20 per page; request timeout 10 s, 2 retries. */
export const MESSAGES_PER_PAGE = 20;
export const MESSAGE_CONTENT_MAX = 5000;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_REQUEST_TIMEOUT_MS = 10_000;
export const MESSAGE_REQUEST_RETRIES = 2;

/** Spec §4: chat reconnection, and §7: unread polling while the socket is down. */
export const CHAT_MAX_RECONNECT_ATTEMPTS = 5;
export const CHAT_MAX_RECONNECT_DELAY_MS = 30_000;
export const UNREAD_POLL_INTERVAL_MS = 30_000;
export const UNREAD_POLL_DEBOUNCE_MS = 300;
export const UNREAD_POLL_MIN_GAP_MS = 5_000;

/** Delay before reconnect attempt n (1-based): 2^n seconds capped at 30 s → 2, 4, 8, 16, 30. */
export function chatReconnectDelayMs(attempt: number): number {
  return Math.min(CHAT_MAX_RECONNECT_DELAY_MS, 2 ** attempt * 1000);
}

/** Push (spec §9): toast 5 s. */
export const PUSH_TOAST_MS = 5_000;
/**
 * Where a push about a message opens (spec §2): the conversation with its sender. A buyer's message goes to the
 * shop's seller, whose side of it is `/community/messages/<buyer id>?as=shop`; a shop's message to the buyer
 * opens `/community/messages/<shop id>` (the buyer's side needs no mark: a shop id and a user id are not told
 * apart by the number).
 */
export const messagePushUrl = (senderId: number | string, sentBy: 'buyer' | 'shop'): string =>
  `/community/messages/${encodeURIComponent(String(senderId))}${sentBy === 'buyer' ? '?as=shop' : ''}`;

/** The chat room of a conversation. */
export const conversationRoom = (conversationId: number | string): string => `conv:${String(conversationId)}`;
