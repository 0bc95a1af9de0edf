/**
 * The seller's alerts and replies to reviews as the dashboard uses them, online (docs/SELLERS.md "Alerts",
 * "Replies to reviews"), and the small rules the cards apply: unread alerts first, a reply's length.
 */
import type { LocalizedText } from '../../domain/catalog-text';
import type { SellerAlert } from '../../domain/seller-alerts';
import { REVIEW_REPLY_MAX, type ReviewDoc } from '../../domain/social';
import { apiRequest } from '../auth/api-client';

export interface SellerAlertPage {
  data: SellerAlert[];
  meta: { unread: number; total: number; current_page: number; last_page: number; per_page: number };
}

export function fetchAlerts(signal?: AbortSignal): Promise<SellerAlertPage> {
  return apiRequest<SellerAlertPage>('GET', '/api/seller/alerts?per_page=20', undefined, { signal });
}

export function markAlertsRead(which: { ids: number[] } | { all: true }): Promise<{ updated: number; unread: number }> {
  return apiRequest<{ data: { updated: number; unread: number } }>('PATCH', '/api/seller/alerts/read', which).then((b) => b.data);
}

/** Unread first, each group newest first (the server answers newest first). */
export function unreadFirst(alerts: readonly SellerAlert[]): SellerAlert[] {
  return [...alerts.filter((a) => !a.read), ...alerts.filter((a) => a.read)];
}

/** The alerts with these marked read. */
export function withRead(alerts: readonly SellerAlert[], ids: ReadonlySet<number> | 'all'): SellerAlert[] {
  return alerts.map((a) => (ids === 'all' || ids.has(a.id) ? { ...a, read: true } : a));
}

export interface SellerReview extends ReviewDoc {
  product: { id: number; names: LocalizedText; published: boolean };
}

export interface SellerReviewPage {
  data: SellerReview[];
  meta: { unreplied: number; total: number; current_page: number; last_page: number; per_page: number };
}

export function fetchReviewsToReply(signal?: AbortSignal): Promise<SellerReviewPage> {
  return apiRequest<SellerReviewPage>('GET', '/api/seller/reviews?unreplied=1&per_page=5', undefined, { signal });
}

export function replyToReview(id: string, text: string): Promise<ReviewDoc> {
  return apiRequest<{ data: ReviewDoc }>('POST', `/api/seller/reviews/${encodeURIComponent(id)}/reply`, { text }).then((b) => b.data);
}

export type ReplyProblem = 'required' | 'tooLong' | null;

/** What is wrong with a reply as typed, by the server's rule (trimmed, 1–1000 characters). */
export function replyProblem(text: string): ReplyProblem {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > REVIEW_REPLY_MAX) return 'tooLong';
  return null;
}
