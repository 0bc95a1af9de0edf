/**
 * Push in the service worker, the pure parts (docs/COMMUNITY.md "Push"):
 * what a push carries and where its notification's click goes. FCM HTTP v1
 * delivers `{notification: {title, body}, data: {sender_id, url}, …}`; a plain
 * JSON payload `{title, body, data?}` (or with sender_id/url at the top) and a
 * plain text one are shown too. service-worker.ts shows the notification and,
 * on a click, focuses an open tab of ours and navigates it, or opens a new one.
 */

import { isSellerAlertKind, sellerAlertPath } from '../domain/seller-alerts';

export interface PushDisplay {
  title: string;
  body: string;
  /** The FCM data (strings): sender_id, url, post_id… */
  data: Record<string, string>;
}

export const DEFAULT_PUSH_TITLE = 'Souk';
const TITLE_MAX = 120;
const BODY_MAX = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

function stringData(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[key] = String(v);
  }
  return out;
}

/**
 * What to show for a push message's payload (its text; null when the push carried none). Never throws: a
 * payload we cannot read still shows a generic notification (a push must always show one).
 */
export function parsePushPayload(raw: string | null): PushDisplay {
  if (raw === null || raw.trim() === '') return { title: DEFAULT_PUSH_TITLE, body: '', data: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { title: DEFAULT_PUSH_TITLE, body: raw.trim().slice(0, BODY_MAX), data: {} };
  }
  if (!isRecord(parsed)) return { title: DEFAULT_PUSH_TITLE, body: '', data: {} };
  // FCM nests the shown parts under `notification`; a plain payload has them at the top.
  const shown = isRecord(parsed.notification) ? parsed.notification : parsed;
  const data = { ...stringData(parsed), ...stringData(parsed.data) };
  for (const key of ['title', 'body', 'notification', 'from', 'priority', 'collapse_key', 'fcmMessageId']) delete data[key];
  return {
    title: text(shown.title, TITLE_MAX) || DEFAULT_PUSH_TITLE,
    body: text(shown.body, BODY_MAX),
    data,
  };
}

/** The conversation a message push opens. */
export const messagesPath = (senderId: string): string => `/community/messages/${encodeURIComponent(senderId)}`;

/** `url` as a path of ours (with its query and hash), or null when it is not one (another origin, junk). */
function ownPath(url: string | undefined, origin: string): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.pathname + resolved.search + resolved.hash : null;
  } catch {
    return null;
  }
}

/**
 * Where a click on the notification goes, as a same-origin path: its `url` as given when that is a path of ours
 * (a buyer's message to a seller opens `/community/messages/<buyer id>?as=shop`, the shop's side: the query
 * matters; a seller's alert its seller page, docs/SELLERS.md "Alerts"), else the sender's conversation when it
 * names a sender, else the seller page of a seller alert's `kind` (a new order: /seller/orders), else the home
 * page. Never another origin.
 */
export function notificationTarget(data: Record<string, string>, origin: string): string {
  const path = ownPath(data.url, origin);
  if (path !== null) return path;
  const sender = data.sender_id?.trim();
  if (sender) return messagesPath(sender);
  const kind = data.kind?.trim() ?? '';
  if (isSellerAlertKind(kind)) return sellerAlertPath(kind, data);
  return '/';
}

/**
 * One notification per conversation (a newer message replaces the older one): `messages-<sender_id>`, with
 * `-shop` for the shop's side, so a seller's notice from buyer #9 and one from shop 9 do not replace each
 * other. Null for a push that names no sender.
 */
export function notificationTag(data: Record<string, string>, origin: string): string | null {
  const sender = data.sender_id?.trim();
  if (!sender) return null;
  const path = ownPath(data.url, origin);
  const shopSide = path !== null && new URL(path, origin).searchParams.get('as') === 'shop';
  return `messages-${sender}${shopSide ? '-shop' : ''}`;
}

/** The language prefix of an open tab's path (/fr/products → '/fr'), kept when that tab is navigated. */
export function withLanguageOf(target: string, tabPath: string, languages: readonly string[]): string {
  const first = /^\/([^/]+)(?:\/|$)/.exec(tabPath)?.[1];
  return first && languages.includes(first) ? `/${first}${target === '/' ? '' : target}` : target;
}

export interface ClientLike {
  url: string;
  focused?: boolean;
}

/** Which open tab a click uses: a focused one of ours first, else the first of ours; null → open a new one. */
export function pickClient<C extends ClientLike>(clients: readonly C[], origin: string): C | null {
  const ours = clients.filter((c) => {
    try {
      return new URL(c.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((c) => c.focused === true) ?? ours[0] ?? null;
}
