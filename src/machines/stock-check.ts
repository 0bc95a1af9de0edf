/**
 * Stock check (spec §4, §5, §8, §9) as a state machine. CHECK asks for a
 * product (variantId null: its total) or one of its variants. A server answer
 * younger than 300 s (spec §9, stocks) is reused without a request. Offline,
 * or when the request fails, the last synced stock (the local product
 * document's variants) is shown as possibly out of date; after a failure the
 * server is asked again with growing delays, and again when the connection
 * comes back. When neither the server nor the local copy can tell, the
 * outcome is 'error' and RETRY starts over.
 *
 *   idle ──CHECK──▶ checking ─┬─ cached and fresh ───────────────▶ verified
 *                             ├─ offline ──▶ readingLocal ─┬─ found ──▶ local ──(retry delay after a failure)──▶ checking
 *                             └─ online ──▶ fetching ──────┤  missing ▶ failed ─(retry delay after a failure)──▶ checking
 *                                   │ done ─▶ verified     │
 *                                   └ error ───────────────┘
 *
 * Fetching and reading the local copy are promise actors the app injects with
 * .provide(), as is the isOffline guard, so the machine runs headless in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProductDoc } from '../domain/catalog';
import { STOCK_STATUSES, stockAvailability, type StockStatus } from '../domain/stock';

/** Spec §9: stock results are cached 300 s on the client. */
export const STOCK_CACHE_MS = 300_000;
/** After a failed request the server is asked again this many times, 2 s, 4 s, 8 s apart (capped at 30 s). */
export const STOCK_MAX_RETRIES = 3;
export const STOCK_RETRY_BASE_MS = 2000;
export const STOCK_RETRY_MAX_MS = 30_000;

/** Spec §4's outcomes: the server's statuses, plus 'error' when nothing could tell. */
export type StockOutcome = StockStatus | 'error';

/** GET /api/stock/{id}/availability's answer (a 404 carries the same shape with no_stock / variant_not_found). */
export interface StockReply {
  status: StockStatus;
  available_quantity: number;
  message: string;
  success: boolean;
  stock_id: number;
  variant_id: number | null;
}

export interface StockTarget {
  productId: string;
  /** null: the product as a whole (the sum of its variants). */
  variantId: number | null;
}

export interface StockResult {
  outcome: StockOutcome;
  availableQuantity: number;
  /** server: just verified (or cached); local: the last synced stock, may be out of date; none: nothing known. */
  source: 'server' | 'local' | 'none';
  /** When the server answered, or when the local copy was last synced (ms); null when unknown. */
  at: number | null;
}

/** One cache shared by every stock check of the page (product page and quick views alike). */
export type StockCache = Map<string, { result: StockResult; storedAt: number }>;

export function createStockCache(): StockCache {
  return new Map();
}

export const stockCacheKey = (target: StockTarget): string => `${target.productId}:${target.variantId ?? '*'}`;

export interface StockCheckContext extends StockTarget {
  result: StockResult | null;
  /** Why the local copy is shown: no connection, or the request failed. */
  fallbackReason: 'offline' | 'failed' | null;
  /** Failed requests in a row for the current target. */
  attempts: number;
  cache: StockCache;
}

export type StockCheckEvent =
  | { type: 'CHECK'; productId: string; variantId: number | null }
  | { type: 'CLEAR' }
  | { type: 'RETRY' }
  | { type: 'ONLINE' };

function isStockStatus(value: unknown): value is StockStatus {
  return typeof value === 'string' && (STOCK_STATUSES as readonly string[]).includes(value);
}

/** The reply when `body` has the stock endpoint's shape (a 200, or the 404 that still answers), else null. */
export function readStockReply(body: unknown): StockReply | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (!isStockStatus(record.status)) return null;
  const quantity = record.available_quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 0) return null;
  return {
    status: record.status,
    available_quantity: Math.floor(quantity),
    message: typeof record.message === 'string' ? record.message : '',
    success: record.success === true,
    stock_id: typeof record.stock_id === 'number' ? record.stock_id : 0,
    variant_id: typeof record.variant_id === 'number' ? record.variant_id : null,
  };
}

/** What the local product document says, with the same rules as the server (src/domain/stock.ts). */
export function localStockResult(product: ProductDoc | null, variantId: number | null): StockResult {
  if (!product) return { outcome: 'error', availableQuantity: 0, source: 'none', at: null };
  const facts =
    variantId === null
      ? ({ kind: 'quantity', quantity: product.variants.reduce((sum, v) => sum + v.stock_quantity, 0) } as const)
      : (() => {
          const variant = product.variants.find((v) => v.id === variantId);
          return variant ? ({ kind: 'quantity', quantity: variant.stock_quantity } as const) : ({ kind: 'variant_missing' } as const);
        })();
  const availability = stockAvailability(facts);
  return { outcome: availability.status, availableQuantity: availability.available_quantity, source: 'local', at: product.updatedAt };
}

const notProvided = (what: string) => () => Promise.reject(new Error(`stock check: ${what} not provided`));

export const stockCheckMachine = setup({
  types: {
    context: {} as StockCheckContext,
    events: {} as StockCheckEvent,
    input: {} as { cache?: StockCache } | undefined,
  },
  actors: {
    /** Resolves with the server's reply (including its 404 answers); rejects when there is none. */
    fetchStock: fromPromise<StockReply, StockTarget>(notProvided('fetchStock')),
    /** The local product document (the data worker's { kind: 'product', id } query), null when missing. */
    localProduct: fromPromise<ProductDoc | null, { productId: string }>(notProvided('localProduct')),
  },
  delays: {
    retryDelay: ({ context }) => Math.min(STOCK_RETRY_MAX_MS, STOCK_RETRY_BASE_MS * 2 ** Math.max(0, context.attempts - 1)),
  },
  guards: {
    /** The app provides navigator.onLine === false. */
    isOffline: () => false,
    cachedFresh: ({ context }) => {
      const entry = context.cache.get(stockCacheKey(context));
      return entry !== undefined && Date.now() - entry.storedAt < STOCK_CACHE_MS;
    },
    mayRetry: ({ context }) => context.fallbackReason === 'failed' && context.attempts <= STOCK_MAX_RETRIES,
    localFound: ({ event }) => {
      const output = (event as { output?: ProductDoc | null }).output;
      return output !== null && output !== undefined;
    },
  },
  actions: {
    assignTarget: assign(({ context, event }) => {
      if (event.type !== 'CHECK') return {};
      const same = context.productId === event.productId && context.variantId === event.variantId;
      return { productId: event.productId, variantId: event.variantId, attempts: 0, ...(same ? {} : { result: null }) };
    }),
    clearTarget: assign({ productId: '', variantId: null, result: null, fallbackReason: null, attempts: 0 }),
    resetAttempts: assign({ attempts: 0 }),
    useCached: assign({
      result: ({ context }) => context.cache.get(stockCacheKey(context))?.result ?? null,
      fallbackReason: null,
    }),
    assignServer: assign(({ event }) => {
      const reply = (event as { output?: StockReply }).output;
      if (!reply) return {};
      const result: StockResult = {
        outcome: reply.status,
        availableQuantity: reply.available_quantity,
        source: 'server',
        at: Date.now(),
      };
      return { result, fallbackReason: null, attempts: 0 };
    }),
    storeInCache: ({ context }) => {
      if (context.result?.source === 'server') {
        context.cache.set(stockCacheKey(context), { result: context.result, storedAt: Date.now() });
      }
    },
    markOffline: assign({ fallbackReason: 'offline' }),
    markFailed: assign({ fallbackReason: 'failed', attempts: ({ context }) => context.attempts + 1 }),
    assignLocal: assign({
      result: ({ context, event }) =>
        localStockResult((event as { output?: ProductDoc | null }).output ?? null, context.variantId),
    }),
    assignError: assign({ result: { outcome: 'error', availableQuantity: 0, source: 'none', at: null } }),
  },
}).createMachine({
  id: 'stockCheck',
  context: ({ input }) => ({
    productId: '',
    variantId: null,
    result: null,
    fallbackReason: null,
    attempts: 0,
    cache: input?.cache ?? createStockCache(),
  }),
  initial: 'idle',
  on: {
    CHECK: { target: '.checking', actions: 'assignTarget', reenter: true },
    CLEAR: { target: '.idle', actions: 'clearTarget' },
  },
  states: {
    idle: {},
    checking: {
      always: [
        { guard: 'cachedFresh', target: 'verified', actions: 'useCached' },
        { guard: 'isOffline', target: 'readingLocal', actions: 'markOffline' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      invoke: {
        src: 'fetchStock',
        input: ({ context }) => ({ productId: context.productId, variantId: context.variantId }),
        onDone: { target: 'verified', actions: ['assignServer', 'storeInCache'] },
        onError: { target: 'readingLocal', actions: 'markFailed' },
      },
    },
    readingLocal: {
      invoke: {
        src: 'localProduct',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: [
          { guard: 'localFound', target: 'local', actions: 'assignLocal' },
          { target: 'failed', actions: 'assignError' },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    verified: {},
    local: {
      after: { retryDelay: { guard: 'mayRetry', target: 'checking' } },
      on: {
        ONLINE: { target: 'checking', actions: 'resetAttempts' },
        RETRY: { target: 'checking', actions: 'resetAttempts' },
      },
    },
    failed: {
      after: { retryDelay: { guard: 'mayRetry', target: 'checking' } },
      on: {
        ONLINE: { target: 'checking', actions: 'resetAttempts' },
        RETRY: { target: 'checking', actions: 'resetAttempts' },
      },
    },
  },
});
