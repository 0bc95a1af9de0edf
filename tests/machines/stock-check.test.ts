import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ProductDoc } from '../../src/domain/catalog';
import type { SoukDatabase } from '../../src/db/database';
import { runDataQuery } from '../../src/db/queries/query-api';
import {
  createStockCache,
  localStockResult,
  readStockReply,
  STOCK_CACHE_MS,
  STOCK_MAX_RETRIES,
  stockCheckMachine,
  type StockCache,
  type StockReply,
  type StockTarget,
} from '../../src/machines/stock-check';
import { makeProducts } from '../db/support/catalog-fixtures';
import { insertCatalog, openTestDatabase } from '../db/support/test-db';

function reply(status: StockReply['status'], quantity: number, target: StockTarget): StockReply {
  return {
    status,
    available_quantity: quantity,
    message: '',
    success: status !== 'no_stock' && status !== 'variant_not_found',
    stock_id: Number(target.productId),
    variant_id: target.variantId,
  };
}

/** A thrown network failure, as the app's api client raises it. */
const networkFailure = () => Object.assign(new Error('Failed to fetch'), { status: 0, code: 'NETWORK' });

/** A real product document (the shape the data worker returns), with known variants. */
const baseProduct = makeProducts(1, 5)[0]!;
const product: ProductDoc = {
  ...baseProduct,
  id: '42',
  variants: [
    { id: 1, sku: 'A-1', size: 'M', color: 'red', fabric: 'Silk', price: 500, discount_price: null, has_discount: false, discount_percent: 0, effective_price: 500, stock_quantity: 12 },
    { id: 2, sku: 'A-2', size: 'L', color: 'red', fabric: 'Silk', price: 520, discount_price: null, has_discount: false, discount_percent: 0, effective_price: 520, stock_quantity: 3 },
    { id: 3, sku: 'A-3', size: 'XL', color: 'red', fabric: 'Silk', price: 540, discount_price: null, has_discount: false, discount_percent: 0, effective_price: 540, stock_quantity: 0 },
  ],
  stock_quantity: 15,
  in_stock: true,
};

function start(options: {
  fetch?: (target: StockTarget) => Promise<StockReply>;
  local?: (input: { productId: string }) => Promise<ProductDoc | null>;
  offline?: () => boolean;
  cache?: StockCache;
}) {
  const fetchStock = vi.fn(options.fetch ?? ((target: StockTarget) => Promise.resolve(reply('available', 12, target))));
  const localProduct = vi.fn(
    options.local ?? ((input: { productId: string }) => Promise.resolve(input.productId === product.id ? product : null)),
  );
  const machine = stockCheckMachine.provide({
    actors: {
      fetchStock: fromPromise(({ input }: { input: StockTarget }) => fetchStock(input)),
      localProduct: fromPromise(({ input }: { input: { productId: string } }) => localProduct(input)),
    },
    guards: { isOffline: options.offline ?? (() => false) },
  });
  const actor = createActor(machine, { input: { cache: options.cache } }).start();
  return { actor, fetchStock, localProduct };
}

/** Lets promise actors settle (fake timers leave microtasks alone). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('stock check machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts idle and asks nothing until CHECK', () => {
    const { actor, fetchStock } = start({});
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetchStock).not.toHaveBeenCalled();
  });

  const serverOutcomes: [StockReply['status'], number][] = [
    ['available', 12],
    ['low_stock', 3],
    ['out_of_stock', 0],
    ['no_stock', 0],
    ['variant_not_found', 0],
  ];
  for (const [status, quantity] of serverOutcomes) {
    it(`reports the server's ${status}`, async () => {
      const { actor, fetchStock } = start({ fetch: (target) => Promise.resolve(reply(status, quantity, target)) });
      actor.send({ type: 'CHECK', productId: '42', variantId: 2 });
      expect(actor.getSnapshot().value).toBe('fetching');
      await settle();
      expect(fetchStock).toHaveBeenCalledWith({ productId: '42', variantId: 2 });
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toBe('verified');
      expect(snapshot.context.result).toMatchObject({ outcome: status, availableQuantity: quantity, source: 'server' });
      expect(snapshot.context.fallbackReason).toBeNull();
    });
  }

  it('error: the request fails and there is no local copy', async () => {
    const { actor } = start({ fetch: () => Promise.reject(networkFailure()), local: () => Promise.resolve(null) });
    actor.send({ type: 'CHECK', productId: '999', variantId: null });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.result).toEqual({ outcome: 'error', availableQuantity: 0, source: 'none', at: null });
  });

  it('error: reading the local copy fails too', async () => {
    const { actor } = start({
      fetch: () => Promise.reject(networkFailure()),
      local: () => Promise.reject(new Error('closed')),
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.result?.outcome).toBe('error');
  });

  it('offline: no request, the last synced stock of the variant, marked offline', async () => {
    const { actor, fetchStock, localProduct } = start({ offline: () => true });
    actor.send({ type: 'CHECK', productId: '42', variantId: 2 });
    await settle();
    expect(fetchStock).not.toHaveBeenCalled();
    expect(localProduct).toHaveBeenCalledWith({ productId: '42' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('local');
    expect(snapshot.context.fallbackReason).toBe('offline');
    expect(snapshot.context.result).toEqual({
      outcome: 'low_stock',
      availableQuantity: 3,
      source: 'local',
      at: product.updatedAt,
    });
  });

  it('offline: the local copy answers every outcome the server would', async () => {
    const { actor } = start({ offline: () => true });
    const cases: [number | null, string, number][] = [
      [1, 'available', 12],
      [2, 'low_stock', 3],
      [3, 'out_of_stock', 0],
      [77, 'variant_not_found', 0],
      [null, 'available', 15],
    ];
    for (const [variantId, outcome, quantity] of cases) {
      actor.send({ type: 'CHECK', productId: '42', variantId });
      await settle();
      expect(actor.getSnapshot().context.result).toMatchObject({ outcome, availableQuantity: quantity, source: 'local' });
    }
  });

  it('a failed request falls back to the local stock, then retries with growing delays, then stops', async () => {
    const { actor, fetchStock } = start({ fetch: () => Promise.reject(networkFailure()) });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('local');
    expect(actor.getSnapshot().context.fallbackReason).toBe('failed');
    expect(actor.getSnapshot().context.result).toMatchObject({ outcome: 'available', source: 'local' });
    expect(fetchStock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchStock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchStock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(fetchStock).toHaveBeenCalledTimes(1 + STOCK_MAX_RETRIES);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchStock).toHaveBeenCalledTimes(1 + STOCK_MAX_RETRIES);
    expect(actor.getSnapshot().value).toBe('local');
  });

  it('a retry that succeeds replaces the local reading with the server answer', async () => {
    let calls = 0;
    const { actor } = start({
      fetch: (target) => (++calls === 1 ? Promise.reject(networkFailure()) : Promise.resolve(reply('low_stock', 2, target))),
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    expect(actor.getSnapshot().context.result?.source).toBe('local');
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.result).toMatchObject({ outcome: 'low_stock', availableQuantity: 2, source: 'server' });
    expect(actor.getSnapshot().context.fallbackReason).toBeNull();
  });

  it('offline: no timed retries; ONLINE checks with the server again', async () => {
    let offline = true;
    const { actor, fetchStock } = start({ offline: () => offline });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStock).not.toHaveBeenCalled();
    offline = false;
    actor.send({ type: 'ONLINE' });
    await settle();
    expect(fetchStock).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('RETRY after an error starts over', async () => {
    let fail = true;
    const { actor } = start({
      fetch: (target) => (fail ? Promise.reject(networkFailure()) : Promise.resolve(reply('available', 9, target))),
      local: () => Promise.resolve(null),
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.result?.availableQuantity).toBe(9);
  });

  it('a fresh result is not fetched again; after 300 s it is', async () => {
    const { actor, fetchStock } = start({});
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    actor.send({ type: 'CHECK', productId: '42', variantId: 2 });
    await settle();
    expect(fetchStock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(STOCK_CACHE_MS - 1000);
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.result).toMatchObject({ outcome: 'available', source: 'server' });
    expect(fetchStock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    expect(actor.getSnapshot().value).toBe('fetching');
    await settle();
    expect(fetchStock).toHaveBeenCalledTimes(3);
  });

  it('the cache is shared between machines given the same one (product page and quick view)', async () => {
    const cache = createStockCache();
    const first = start({ cache });
    first.actor.send({ type: 'CHECK', productId: '42', variantId: null });
    await settle();
    const second = start({ cache });
    second.actor.send({ type: 'CHECK', productId: '42', variantId: null });
    expect(second.actor.getSnapshot().value).toBe('verified');
    expect(second.fetchStock).not.toHaveBeenCalled();
  });

  it('a local fallback is never cached: the next check asks the server', async () => {
    let fail = true;
    const { actor, fetchStock } = start({
      fetch: (target) => (fail ? Promise.reject(networkFailure()) : Promise.resolve(reply('available', 12, target))),
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    fail = false;
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    await settle();
    expect(fetchStock).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.result?.source).toBe('server');
  });

  it('a new CHECK while fetching drops the old request; CLEAR goes back to idle', async () => {
    let resolveFirst: (r: StockReply) => void = () => {};
    let calls = 0;
    const { actor } = start({
      fetch: (target) =>
        ++calls === 1
          ? new Promise<StockReply>((resolve) => (resolveFirst = resolve))
          : Promise.resolve(reply('low_stock', 3, target)),
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 1 });
    actor.send({ type: 'CHECK', productId: '42', variantId: 2 });
    await settle();
    resolveFirst(reply('available', 12, { productId: '42', variantId: 1 }));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ variantId: 2, result: { outcome: 'low_stock' } });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.result).toBeNull();
  });
});

describe('stock check over the local database (fake-indexeddb)', () => {
  let db: SoukDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
    await insertCatalog(db, { products: [product] });
  });
  afterAll(async () => {
    await db?.remove();
  });

  it('offline, the fallback reads the product document through src/db', async () => {
    const { actor, localProduct } = start({
      offline: () => true,
      local: ({ productId }) => runDataQuery(db, { kind: 'product', id: productId }),
    });
    const done = new Promise<void>((resolve) => {
      const sub = actor.subscribe((snapshot) => {
        if (snapshot.matches('local') || snapshot.matches('failed')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    actor.send({ type: 'CHECK', productId: '42', variantId: 3 });
    await done;
    expect(localProduct).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('local');
    expect(actor.getSnapshot().context.result).toEqual({
      outcome: 'out_of_stock',
      availableQuantity: 0,
      source: 'local',
      at: product.updatedAt,
    });
  });
});

describe('readStockReply and localStockResult', () => {
  it('accepts the endpoint shape (404 answers included) and refuses anything else', () => {
    const target = { productId: '42', variantId: 7 };
    expect(readStockReply(reply('variant_not_found', 0, target))).toEqual(reply('variant_not_found', 0, target));
    expect(readStockReply({ status: 'available', available_quantity: 4 })).toMatchObject({
      status: 'available',
      available_quantity: 4,
      variant_id: null,
    });
    expect(readStockReply({ code: 'INVALID_STOCK_ID', message: 'Invalid stock ID' })).toBeNull();
    expect(readStockReply({ status: 'plenty', available_quantity: 4 })).toBeNull();
    expect(readStockReply({ status: 'available', available_quantity: -1 })).toBeNull();
    expect(readStockReply('nope')).toBeNull();
    expect(readStockReply(null)).toBeNull();
  });

  it('reads a missing product as error, a missing variant as variant_not_found', () => {
    expect(localStockResult(null, 1).outcome).toBe('error');
    expect(localStockResult(product, 99).outcome).toBe('variant_not_found');
    expect(localStockResult(product, null)).toMatchObject({ outcome: 'available', availableQuantity: 15 });
  });
});
