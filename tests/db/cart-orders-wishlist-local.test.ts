/**
 * The local halves of the issue-5 writes (no network): cart refusals before anything is queued (spec §5
 * codes), totals from the domain, the server's cart replacing the local one; placing an order (queued order
 * with the domain's totals, cart emptied, refusal → failed and lines back, retry → queued again); queued
 * cancels and wishlist changes laid over the documents.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { queueCartAdd, queueCartSet, replaceCart, writeCartMeta } from '../../src/db/cart';
import type { SoukDatabase } from '../../src/db/database';
import { failEntry, LocalWriteLock, retryEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { queueCancelOrder, queuePlaceOrder } from '../../src/db/orders';
import { findCart } from '../../src/db/queries/cart';
import { findOrder, findOrders } from '../../src/db/queries/orders';
import { findWishlist, findWishlisted } from '../../src/db/queries/wishlist';
import { queueWishlistAdd, queueWishlistRemove } from '../../src/db/wishlist';
import { MAX_CART_LINES, totalsOf } from '../../src/domain/commerce';
import type { ProductDoc } from '../../src/domain/catalog';
import { makeProducts } from './support/catalog-fixtures';
import { order, wishlistItem, SHIPPING_MA } from './support/commerce-fixtures';
import { insertCatalog, openTestDatabase } from './support/test-db';

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

const SHIPPING = SHIPPING_MA;

async function withCatalog(stock: number[]): Promise<{ db: SoukDatabase; product: ProductDoc }> {
  db = await openTestDatabase();
  const [base] = makeProducts(1, 5);
  const product: ProductDoc = {
    ...base!,
    variants: stock.map((s, i) => ({ ...base!.variants[0]!, id: 100 + i, sku: `S${i}`, stock_quantity: s })),
  };
  await insertCatalog(db, { products: [product] });
  return { db, product };
}

describe('cart changes', () => {
  it('refuses before queueing: unknown product or variant, out of stock, more than the stock, too many lines', async () => {
    const { db, product } = await withCatalog([0, 3]);
    expect(await queueCartAdd(db, { productId: '424242', quantity: 1 }, 'guest')).toEqual({ ok: false, refusal: { code: 'PRODUCT_NOT_FOUND', available: 0 } });
    expect(await queueCartAdd(db, { productId: product.id, variantId: 7, quantity: 1 }, 'guest')).toEqual({ ok: false, refusal: { code: 'VARIANT_NOT_FOUND', available: 0 } });
    expect(await queueCartAdd(db, { productId: product.id, variantId: 100, quantity: 1 }, 'guest')).toEqual({ ok: false, refusal: { code: 'OUT_OF_STOCK', available: 0 } });
    // No variant named: the first one with stock (101).
    expect(await queueCartAdd(db, { productId: product.id, quantity: 2 }, 'guest')).toMatchObject({ ok: true, quantity: 2 });
    expect(await queueCartAdd(db, { productId: product.id, variantId: 101, quantity: 2 }, 'guest')).toEqual({ ok: false, refusal: { code: 'STOCK_EXCEEDED', available: 1 } });
    expect(await db.outbox.count().exec()).toBe(1);
    // Set caps at the stock.
    expect(await queueCartSet(db, 101, 50, 'guest')).toMatchObject({ ok: true, quantity: 3 });
    expect(await queueCartSet(db, 999, 1, 'guest')).toEqual({ ok: false, refusal: { code: 'VARIANT_NOT_FOUND', available: 0 } });

    await db.cart_items.bulkInsert(
      Array.from({ length: MAX_CART_LINES - 1 }, (_, i) => ({ ...(findLine(i + 1000)) })),
    );
    const other = await withOtherProduct(db);
    expect(await queueCartAdd(db, { productId: other, quantity: 1 }, 'guest')).toEqual({ ok: false, refusal: { code: 'CART_LIMIT', available: 0 } });
  });

  it('totals come from the domain with the known coupon; the server cart replaces the lines when nothing is queued', async () => {
    const { db, product } = await withCatalog([5]);
    await queueCartAdd(db, { productId: product.id, quantity: 2 }, 'user');
    const coupon = { code: 'WELCOME10', kind: 'percent' as const, value: 10, minSubtotal: 0 };
    await writeCartMeta(db, { coupon, coupon_code: 'WELCOME10' });
    const cart = await findCart(db, 'MA');
    expect(cart.pending).toBe(true);
    expect(cart.lines.map((l) => [l.id, l.quantity, l.pending])).toEqual([['v100', 2, true]]);
    expect(cart.totals).toEqual(totalsOf([{ unitPrice: cart.lines[0]!.unit_price, quantity: 2 }], 'MA', coupon));

    await db.outbox.find().remove();
    await replaceCart(db, {
      items: [], coupon_code: null, coupon: null, country: 'MA', subtotal: 0, discount_amount: 0, shipping_amount: 0,
      tax_amount: 0, total_amount: 0, item_count: 0, updated_at: 5,
    });
    const replaced = await findCart(db);
    expect(replaced.lines).toEqual([]);
    expect(replaced.coupon_code).toBeNull();
    expect(replaced.server?.updated_at).toBe(5);
  });
});

function findLine(variantId: number) {
  return {
    id: `v${variantId}`, variant_id: variantId, product_id: 9, quantity: 1, added_at: 1, unit_price: 10, name: 'x', name_ar: 'x',
    image: '', shop_id: 1, shop_name: 's', size: 'M', color: 'red', fabric: 'silk', stock_quantity: 3,
  };
}

async function withOtherProduct(d: SoukDatabase): Promise<string> {
  const [p] = makeProducts(1, 99);
  const other = { ...p!, id: '777', variants: p!.variants.map((v, i) => ({ ...v, id: 700 + i, stock_quantity: 4 })) };
  await insertCatalog(d, { products: [other] });
  return other.id;
}

describe('orders', () => {
  it('places a queued order with the domain totals, empties the cart; refusal → failed with lines back; retry → queued again', async () => {
    const { db, product } = await withCatalog([5]);
    await queueCartAdd(db, { productId: product.id, quantity: 2 }, 'user');
    const lock = new LocalWriteLock();
    const { order: placed, entry } = await queuePlaceOrder(db, { shipping_info: SHIPPING, payment_method: 'cod', shipping_method: 'standard' }, 42, 1_700_000_000_000);
    expect(placed).toMatchObject({ id: entry.target, local_state: 'queued', status: 'pending', order_id: 0, customer_id: 42 });
    const line = JSON.parse(entry.body ?? '') as { client_ref: string; items: { unit_price: number; quantity: number }[] };
    expect(line.client_ref).toBe(placed.id);
    const totals = totalsOf([{ unitPrice: line.items[0]!.unit_price, quantity: 2 }], 'MA', null);
    expect(placed.total_amount).toBe(totals.total_amount);
    expect((await findCart(db)).lines).toEqual([]);
    expect((await findOrders(db, { kind: 'orders' })).data.map((o) => o.id)).toEqual([placed.id]);

    await lock.runExclusive(() =>
      failEntry(db, entry, { status: 422, code: 'OUT_OF_STOCK_ITEMS', message: 'Some items are no longer available in the requested quantity.' }, KIND_HANDLERS.order_place.rollback),
    );
    expect((await findOrder(db, placed.id))?.local_state).toBe('failed');
    expect((await findCart(db)).lines.map((l) => l.quantity)).toEqual([2]);

    const again = await lock.runExclusive(() => retryEntry(db, entry.id, (e) => KIND_HANDLERS[e.kind].reapply));
    expect(again.id).not.toBe(entry.id);
    expect(again.body).toBe(entry.body);
    expect((await findOrder(db, placed.id))?.local_state).toBe('queued');
    expect((await findCart(db)).lines).toEqual([]);
  });

  it('lists newest first with status filter, search and pages; a queued cancel shows cancelled; lookup by number or server id', async () => {
    db = await openTestDatabase();
    await db.orders.bulkInsert([
      order('a', { order_id: 1, order_number: 'SK-240101-AAAAAA', created_at: 1 }),
      order('b', { order_id: 2, order_number: 'SK-240102-BBBBBB', created_at: 2, status: 'delivered' }),
      order('c', { order_id: 3, order_number: 'SK-240103-CCCCCC', created_at: 3 }),
    ]);
    expect((await findOrders(db, { kind: 'orders' })).data.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect((await findOrders(db, { kind: 'orders', status: 'delivered' })).data.map((o) => o.id)).toEqual(['b']);
    expect((await findOrders(db, { kind: 'orders', search: 'cccccc' })).data.map((o) => o.id)).toEqual(['c']);
    expect(await findOrders(db, { kind: 'orders', perPage: 2, page: 2 })).toMatchObject({
      data: [{ id: 'a' }],
      meta: { current_page: 2, last_page: 2, per_page: 2, total: 3 },
    });
    await queueCancelOrder(db, 'SK-240103-CCCCCC');
    expect((await findOrder(db, '3'))?.status).toBe('cancelled');
    await expect(queueCancelOrder(db, 'b')).rejects.toThrow(/can no longer be cancelled/);
    const cancel = (await db.outbox.find().exec())[0]!;
    expect(cancel.path).toBe('/api/orders/3/cancel');
  });
});

describe('wishlist', () => {
  it('queued changes are laid over the documents (a pull landing meanwhile does not flicker)', async () => {
    db = await openTestDatabase();
    await queueWishlistAdd(db, '5', { notes: 'gift' });
    // A pull lands before the server took the add: the document is gone again locally.
    await db.wishlist.findOne('5').remove();
    expect(await findWishlisted(db, '5')).toEqual({ wishlisted: true, pending: true });
    expect((await findWishlist(db)).map((e) => [e.item.id, e.item.notes, e.pending])).toEqual([['5', 'gift', true]]);

    await db.wishlist.insert(wishlistItem(6));
    await queueWishlistRemove(db, '6');
    await db.wishlist.upsert(wishlistItem(6));
    expect(await findWishlisted(db, '6')).toEqual({ wishlisted: false, pending: true });
  });
});
