/**
 * GET /api/stock/{id}/availability?variant_id= for the stock check machine.
 * The endpoint's 404 still answers (no_stock, variant_not_found): it is a
 * result, not a failure. Anything else that is not the endpoint's shape is.
 */
import { readStockReply, type StockReply, type StockTarget } from '../../machines/stock-check';
import { ApiFailure, apiRequest } from '../auth/api-client';

export function stockPath({ productId, variantId }: StockTarget): string {
  const base = `/api/stock/${encodeURIComponent(productId)}/availability`;
  return variantId === null ? base : `${base}?variant_id=${variantId}`;
}

export async function fetchStockReply(target: StockTarget, signal?: AbortSignal): Promise<StockReply> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>('GET', stockPath(target), undefined, { signal, authRedirect: false });
  } catch (error) {
    const reply = error instanceof ApiFailure && error.status === 404 ? readStockReply(error.body) : null;
    if (reply) return reply;
    throw error;
  }
  const reply = readStockReply(body);
  if (!reply) throw new Error('stock check: the answer is not a stock availability');
  return reply;
}
