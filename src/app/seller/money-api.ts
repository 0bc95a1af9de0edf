/** The seller's money as the app reads it (docs/MONEY.md "Endpoints"): the ledger's totals and the payouts. */
import type { PayoutStatus } from '../../domain/ledger';
import { apiRequest } from '../auth/api-client';

export interface LedgerSummary {
  totals: { sales: number; commission: number; refunds: number; net: number; balance: number };
  meta: { from: string; to: string; period: { start: string; end: string }; next_payout_date: string };
}

export interface SellerPayout {
  id: number;
  period_start: string;
  period_end: string;
  gross: number;
  commission: number;
  net: number;
  status: PayoutStatus;
  paid_at: number | null;
  reference: string | null;
}

export const fetchLedgerSummary = (signal?: AbortSignal) => apiRequest<LedgerSummary>('GET', '/api/seller/ledger', undefined, { signal });

export const fetchPayouts = (signal?: AbortSignal) =>
  apiRequest<{ data: SellerPayout[] }>('GET', '/api/seller/payouts', undefined, { signal }).then((b) => b.data);

export const statementPath = (id: number | string) => `/api/seller/payouts/${encodeURIComponent(String(id))}/statement.csv`;

export const fetchStatement = (id: string, signal?: AbortSignal) =>
  apiRequest<string | undefined>('GET', statementPath(id), undefined, { signal }).then((text) => (typeof text === 'string' ? text : ''));
