/**
 * The operator's API as the console uses it (docs/OPERATOR.md "Console API", docs/MONEY.md): shops and their
 * decisions, moderation, money, the inbox and the audit log. Amounts are MAD, times ms.
 */
import type { CommunityPost } from '../../domain/community-schemas';
import type { PayoutStatus } from '../../domain/ledger';
import type { ReviewDoc } from '../../domain/social';
import { apiRequest } from '../auth/api-client';

export interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
}

export interface Paged<T> {
  data: T[];
  meta?: PageMeta;
}

export type AdminShopStatus = 'pending' | 'active' | 'suspended';
export const SHOP_QUEUES = ['pending', 'active', 'suspended'] as const;
export type ShopQueue = (typeof SHOP_QUEUES)[number];

export interface AdminShop {
  id: number;
  name: string;
  status: AdminShopStatus;
  /** A pending shop the operator rejected (it is suspended). */
  rejected: boolean;
  store_type: string;
  city: string;
  phone: string | null;
  phone_verified: boolean;
  owner: { id?: number; name: string; email: string } | null;
  created_at: number | string;
  products_count: number;
  /** Percent, null = the default (COMMISSION_RATE). */
  commission_rate: number | null;
  is_verified: boolean;
  is_featured: boolean;
  status_reason?: string | null;
}

export interface ShopDecision {
  status?: 'active' | 'suspended';
  reason?: string;
  is_verified?: boolean;
  is_featured?: boolean;
  commission_rate?: number | null;
}

export interface Payout {
  id: number;
  shop_id: number;
  shop_name?: string;
  period_start: string;
  period_end: string;
  gross: number;
  commission: number;
  net: number;
  status: PayoutStatus;
  paid_at: number | null;
  reference: string | null;
}

export interface AuditEntry {
  id: number;
  actor: { id: number | null; name: string | null; email: string | null; role: string } | null;
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: number | string;
}

export interface ContactMessage {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: 'open' | 'answered';
  reply: string | null;
  created_at: number;
}


const get = <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, undefined, { signal });

function query(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') q.set(key, String(value));
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

export const shopsPath = (status: ShopQueue, q: string, page: number) => query('/api/admin/shops', { status, q, page: page > 1 ? page : undefined });
export const listShops = (path: string, signal?: AbortSignal) => get<Paged<AdminShop>>(path, signal);
export const decideShop = (id: number, body: ShopDecision) =>
  apiRequest<{ data: unknown }>('PATCH', `/api/admin/shops/${id}`, body);

export const hideReview = (id: number | string, hidden: boolean, reason: string) =>
  apiRequest<{ data: unknown }>('PATCH', `/api/admin/reviews/${id}`, { hidden, reason });
export const productReviews = (productId: number, signal?: AbortSignal) =>
  get<{ data: ReviewDoc[] }>(`/api/products/${productId}/reviews?limit=50`, signal).then((b) => b.data);
export const openPosts = (signal?: AbortSignal) => get<Paged<CommunityPost>>('/api/v1/community/posts', signal).then((b) => b.data);
export const publishProduct = (id: number, published: boolean, reason: string) =>
  apiRequest<{ data: unknown }>('PATCH', `/api/admin/products/${id}`, { published, reason });
export const moderatePost = (postId: number, body: { status: 'closed' } | { hidden: boolean; reason: string }) =>
  apiRequest<{ data: unknown }>('PATCH', `/api/admin/community/posts/${postId}`, body);

export const payoutsPath = (status: PayoutStatus | '', periodEnd: string) => query('/api/admin/payouts', { status, period_end: periodEnd });
export const listPayouts = (path: string, signal?: AbortSignal) => get<{ data: Payout[] }>(path, signal).then((b) => b.data);
export const closePeriod = (periodEnd: string) =>
  apiRequest<{ data: { period_start: string; period_end: string; created: Payout[] } }>('POST', '/api/admin/periods/close', { period_end: periodEnd }).then((b) => b.data);
export const markPayout = (id: number, status: 'paid' | 'failed', reference: string) =>
  apiRequest<{ data: Payout }>('PATCH', `/api/admin/payouts/${id}`, { status, reference }).then((b) => b.data);
/** `key` is the submission's Idempotency-Key (submission-key.ts): a resend of the same adjustment is booked once. */
export const addAdjustment = (shopId: number, amount: number, reason: string, key: string) =>
  apiRequest<{ data: unknown }>('POST', `/api/admin/shops/${shopId}/adjustments`, { amount, reason }, { headers: { 'Idempotency-Key': key } });
export const payoutsCsvPath = (status: PayoutStatus | '', periodEnd: string) => query('/api/admin/payouts.csv', { status, period_end: periodEnd });
export interface RemittanceInput {
  courier: string;
  /** MAD. */
  amount: number;
  /** ms. */
  received_at: number;
  order_ids: number[];
}
/** `key` is the submission's Idempotency-Key (submission-key.ts): a resend of the same remittance is recorded once. */
export const recordRemittance = (body: RemittanceInput, key: string) =>
  apiRequest<{ data: unknown }>('POST', '/api/admin/cod-remittances', body, { headers: { 'Idempotency-Key': key } });
export const remittanceReportPath = (from: string, to: string) => query('/api/admin/cod-remittances/report', { from, to });
export const remittanceReport = (path: string, signal?: AbortSignal) => get<{ data: unknown }>(path, signal).then((b) => b.data);

export const messagesPath = (status: 'open' | 'answered', page: number) => query('/api/admin/contact-messages', { status, page: page > 1 ? page : undefined });
export const listMessages = (path: string, signal?: AbortSignal) => get<Paged<ContactMessage>>(path, signal);
export const replyToMessage = (id: number, body: string) =>
  apiRequest<{ mail?: { sender?: string } }>('POST', `/api/admin/contact-messages/${id}/reply`, { body }).then((b) => b.mail?.sender ?? 'log');

export const auditPath = (params: { object?: string; objectType?: string; page?: number }) =>
  query('/api/admin/audit', { object: params.object, object_type: params.objectType, page: params.page && params.page > 1 ? params.page : undefined });
export const listAudit = (path: string, signal?: AbortSignal) => get<Paged<AuditEntry>>(path, signal);
