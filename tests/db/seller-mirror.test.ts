/**
 * The seller's mirror (issue 23, docs/SELLERS.md "Offline") on fake-indexeddb: stored as a local document and read
 * back (a part that does not parse counts as never fetched), the products' search and status filter with the
 * server's rules (low stock by each product's own threshold), the orders to handle, pages; and the seller's queued
 * writes laid over it: a stock or price edit and a move to shipped show at once (the product's stock and level
 * follow), an accepted one until the mirror was fetched after it, a refused one changes nothing and is named on its
 * variant or order with the server's reason, and a second "shipped" of one order is refused before queueing.
 */
import { describe, expect, it } from 'vitest';
import { completeEntry, failEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { findSellerOrders, findSellerProducts, findSellerShop, watchSellerProducts } from '../../src/db/queries/seller';
import { queueSellerShip } from '../../src/db/seller-order-status';
import { filterSellerOrders, filterSellerProducts, isLowStock, pageOfList, parseSellerMirror, readSellerMirror, SELLER_MIRROR_ID, writeSellerMirror } from '../../src/db/seller-mirror';
import { queueSellerPrice, queueSellerStock } from '../../src/db/seller-stock';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import type { SellerProductDoc } from '../../src/domain/seller-mirror-schemas';
import { communityDatabases } from '../helpers/community-db';
import { firstValueFrom, filter } from 'rxjs';

const dbs = communityDatabases();

function product(id: number, patch: Partial<SellerProductDoc> = {}): SellerProductDoc {
  const variants = patch.variants ?? [
    { id: id * 10 + 1, sku: `P${id}-M`, size: 'M', color: 'blue', fabric: 'Silk', original_price: 300, stock_quantity: 5 },
    { id: id * 10 + 2, sku: `P${id}-L`, size: 'L', color: 'blue', fabric: 'Silk', original_price: 300, stock_quantity: 6 },
  ];
  const stock = variants.reduce((s, v) => s + v.stock_quantity, 0);
  return {
    id,
    name: `Kaftan ${id}`,
    name_ar: `قفطان ${id}`,
    names: { en: `Kaftan ${id}`, ar: `قفطان ${id}`, fr: `Caftan ${id}` },
    descriptions: {},
    price: 300,
    original_price: 300,
    discount_price: null,
    main_image: '',
    images: [],
    category_id: 1,
    stock_quantity: stock,
    stock_status: stock === 0 ? 'out_of_stock' : stock <= 5 ? 'low_stock' : 'in_stock',
    customizable: false,
    handmade: true,
    is_express: false,
    sku: `P${id}`,
    variants,
    published: true,
    visible: true,
    low_stock_threshold: 3,
    ...patch,
  };
}

function order(orderId: number, status: OrderDoc['status'], createdAt = 1_700_000_000_000): OrderDoc {
  return {
    id: String(orderId),
    order_id: orderId,
    order_number: `ORD-${orderId}`,
    customer_id: 5,
    status,
    payment_method: 'cod',
    payment_status: 'pending',
    items: [],
    shipping_info: { first_name: 'Salma', last_name: 'B', email: 's@example.test', phone: '+212600000000', street: '1 rue', apartment: '', city: 'Fès', state: 'Fès-Meknès', postal_code: '30000', country: 'MA' },
    subtotal: 300,
    discount_amount: 0,
    shipping_amount: 30,
    tax_amount: 0,
    total_amount: 330,
    coupon_code: null,
    shipping_method: 'standard',
    tracking_number: '',
    estimated_delivery: createdAt,
    history: [{ status, at: createdAt }],
    created_at: createdAt,
    updatedAt: createdAt,
  };
}

const SHOP = { id: 4, name: 'Dar Fes', slug: 'dar-fes', status: 'active' as const, is_verified: true, products_count: 3 };

describe("the seller's mirror: pure reads", () => {
  it('filters products like GET /api/seller/products: published, low stock by threshold, out of stock, search', () => {
    const low = product(2, {
      low_stock_threshold: 4,
      variants: [
        { id: 21, sku: 'P2-M', size: 'M', color: 'red', fabric: 'Wool', original_price: 200, stock_quantity: 4 },
        { id: 22, sku: 'P2-L', size: 'L', color: 'red', fabric: 'Wool', original_price: 200, stock_quantity: 9 },
      ],
      stock_quantity: 13,
    });
    const out = product(3, { variants: [{ id: 31, sku: 'P3-M', size: 'M', color: 'red', fabric: 'Wool', original_price: 200, stock_quantity: 0 }], stock_quantity: 0 });
    const hidden = product(4, { published: false, names: { en: 'Djellaba hooded', ar: 'جلابة' } });
    const all = [product(1), low, out, hidden];
    expect(isLowStock(low)).toBe(true);
    // 5 and 6 left with a threshold of 3: not low, whatever the catalogue's own level says.
    expect(isLowStock(product(1))).toBe(false);
    expect(isLowStock(out)).toBe(false);
    expect(filterSellerProducts(all, { status: 'low_stock' }).map((p) => p.id)).toEqual([2]);
    expect(filterSellerProducts(all, { status: 'out_of_stock' }).map((p) => p.id)).toEqual([3]);
    expect(filterSellerProducts(all, { status: 'unpublished' }).map((p) => p.id)).toEqual([4]);
    expect(filterSellerProducts(all, { status: 'published' }).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(filterSellerProducts(all, { search: 'caftan 3' }).map((p) => p.id)).toEqual([3]);
    expect(filterSellerProducts(all, { search: 'جلابة' }).map((p) => p.id)).toEqual([4]);
    expect(filterSellerProducts(all, { search: 'P2' }).map((p) => p.id)).toEqual([2]);
    expect(filterSellerProducts(all, { search: '  ' }).map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('lists the orders to handle and pages a list', () => {
    const orders = [order(1, 'pending'), order(2, 'shipped'), order(3, 'processing'), order(4, 'delivered')];
    expect(filterSellerOrders(orders, 'to_handle').map((o) => o.order_id)).toEqual([1, 3]);
    expect(filterSellerOrders(orders, 'shipped').map((o) => o.order_id)).toEqual([2]);
    expect(filterSellerOrders(orders).length).toBe(4);
    expect(pageOfList([1, 2, 3, 4, 5], 2, 2)).toEqual({ data: [3, 4], meta: { current_page: 2, last_page: 3, per_page: 2, total: 5 } });
    expect(pageOfList([], 1, 20).meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 0 });
  });
});

describe("the seller's mirror: Souk's reason", () => {
  it("keeps why Souk unpublished a product, and reads a mirror stored before it was kept", () => {
    const moderated = { ...product(5, { published: false }), moderation_reason: 'Counterfeit brand', extra: 'dropped' };
    const read = parseSellerMirror({ products: { data: [moderated, product(1, { moderation_reason: null })], savedAt: 10 } });
    expect(read.products?.data.map((p) => [p.id, p.moderation_reason])).toEqual([
      [5, 'Counterfeit brand'],
      [1, null],
    ]);
    expect(read.products?.data[0]).not.toHaveProperty('extra');
    const older = parseSellerMirror({ products: { data: [product(1)], savedAt: 10 } });
    expect(older.products?.data.map((p) => p.id)).toEqual([1]);
    expect(older.products?.data[0]?.moderation_reason).toBeUndefined();
  });
});

describe("the seller's mirror on the device", () => {
  it('is empty until fetched, then reads back what was stored; a part of another shape counts as never fetched', async () => {
    const db = await dbs.open();
    expect(await findSellerShop(db)).toEqual({ shop: null, savedAt: null });
    expect(await findSellerProducts(db, { kind: 'sellerProducts' })).toMatchObject({ data: [], savedAt: null, meta: { total: 0 } });
    await writeSellerMirror(db, { shop: { data: SHOP, savedAt: 1000 }, products: { data: [product(1), product(2)], savedAt: 1000 } });
    expect(await findSellerShop(db)).toEqual({ shop: SHOP, savedAt: 1000 });
    const page = await findSellerProducts(db, { kind: 'sellerProducts', perPage: 1, page: 2 });
    expect(page.data.map((p) => p.id)).toEqual([2]);
    expect(page.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(page.savedAt).toBe(1000);
    // Orders never fetched.
    expect(await findSellerOrders(db, { kind: 'sellerOrders' })).toEqual({ data: [], savedAt: null });

    await db.upsertLocal(SELLER_MIRROR_ID, { shop: { data: SHOP, savedAt: 1000 }, products: { data: [{ id: 'x' }], savedAt: 5 }, orders: null });
    const read = await readSellerMirror(db);
    expect(read.shop?.data).toEqual(SHOP);
    expect(read.products).toBeNull();
    await expect(findSellerProducts(db, { kind: 'sellerProducts', perPage: 101 })).rejects.toThrow(RangeError);
  });

  it('shows a queued stock and price edit at once, then the accepted one until a fetch after it', async () => {
    const db = await dbs.open();
    await writeSellerMirror(db, { products: { data: [product(1), product(2)], savedAt: 1000 } });
    const stock = await queueSellerStock(db, { productId: 1, variantId: 11, stock: 0 }, 2000);
    const price = await queueSellerPrice(db, { productId: 1, variantId: 12, price: 275.5 }, 2001);
    expect(price).toMatchObject({ kind: 'seller_price', method: 'PATCH', path: '/api/seller/products/1/variants/12', body: '{"price":275.5}' });

    let shown = (await findSellerProducts(db, { kind: 'sellerProducts' })).data.find((p) => p.id === 1);
    expect(shown?.variants.map((v) => [v.stock_quantity, v.original_price, v.queued])).toEqual([
      [0, 300, true],
      [6, 275.5, true],
    ]);
    // The product's stock and level follow its variants: 6 left.
    expect([shown?.stock_quantity, shown?.stock_status]).toEqual([6, 'in_stock']);
    // An edit of one product leaves the others as fetched.
    expect((await findSellerProducts(db, { kind: 'sellerProducts' })).data.find((p) => p.id === 2)?.variants.every((v) => !v.queued)).toBe(true);

    // Accepted at 3000: still shown while the mirror is from before; gone once it is fetched again after.
    await completeEntry(db, stock.id, 3000);
    await completeEntry(db, price.id, 3000);
    shown = (await findSellerProducts(db, { kind: 'sellerProducts' })).data.find((p) => p.id === 1);
    expect(shown?.variants.map((v) => [v.stock_quantity, v.original_price, v.queued])).toEqual([
      [0, 300, false],
      [6, 275.5, false],
    ]);
    await writeSellerMirror(db, { products: { data: [product(1)], savedAt: 3500 } });
    shown = (await findSellerProducts(db, { kind: 'sellerProducts' })).data.find((p) => p.id === 1);
    expect(shown?.variants.map((v) => [v.stock_quantity, v.original_price])).toEqual([
      [5, 300],
      [6, 300],
    ]);
  });

  it('names a refused edit on its variant, with the reason, and changes nothing; a later edit replaces the refusal', async () => {
    const db = await dbs.open();
    await writeSellerMirror(db, { products: { data: [product(1)], savedAt: 1000 } });
    const refused = await queueSellerPrice(db, { productId: 1, variantId: 11, price: 9 }, 2000);
    const failure = { status: 422, code: 'VALIDATION', message: 'The price is invalid.' };
    await failEntry(db, refused, failure, KIND_HANDLERS.seller_price.rollback);
    let variant = (await findSellerProducts(db, { kind: 'sellerProducts' })).data[0]?.variants[0];
    expect(variant).toMatchObject({ original_price: 300, queued: false, refusals: [{ entryId: refused.id, kind: 'seller_price', failure }] });

    await queueSellerPrice(db, { productId: 1, variantId: 11, price: 310 }, 2100);
    variant = (await findSellerProducts(db, { kind: 'sellerProducts' })).data[0]?.variants[0];
    expect(variant).toMatchObject({ original_price: 310, queued: true, refusals: [] });
  });

  it('a live read follows the queue', async () => {
    const db = await dbs.open();
    await writeSellerMirror(db, { products: { data: [product(1)], savedAt: 1000 } });
    const changed = firstValueFrom(watchSellerProducts(db, { kind: 'sellerProducts', status: 'out_of_stock' }).pipe(filter((page) => page.data.length === 1)));
    await queueSellerStock(db, { productId: 1, variantId: 11, stock: 0 }, 2000);
    await queueSellerStock(db, { productId: 1, variantId: 12, stock: 0 }, 2001);
    expect((await changed).data[0]?.stock_status).toBe('out_of_stock');
  });

  it('shows a queued "shipped" at once, refuses a second one before queueing, and names a refusal on the order', async () => {
    const db = await dbs.open();
    await writeSellerMirror(db, { orders: { data: [order(7, 'processing'), order(8, 'pending'), order(9, 'processing')], savedAt: 1000 } });
    const entry = await queueSellerShip(db, { orderId: 7, trackingNumber: ' TRK-1 ' }, 2000);
    expect(entry).toMatchObject({ kind: 'seller_order_status', method: 'PATCH', path: '/api/seller/orders/7', body: '{"status":"shipped","tracking_number":"TRK-1"}', target: '7' });
    const shown = (await findSellerOrders(db, { kind: 'sellerOrders' })).data;
    expect(shown.map((o) => [o.order_id, o.status, o.tracking_number, o.queued])).toEqual([
      [7, 'shipped', 'TRK-1', true],
      [8, 'pending', '', false],
      [9, 'processing', '', false],
    ]);
    expect((await findSellerOrders(db, { kind: 'sellerOrders', status: 'to_handle' })).data.map((o) => o.order_id)).toEqual([8, 9]);
    await expect(queueSellerShip(db, { orderId: 7 }, 2001)).rejects.toMatchObject({ code: 'ORDER_TRANSITION_INVALID' });
    await expect(queueSellerShip(db, { orderId: 8 }, 2001)).rejects.toMatchObject({ code: 'ORDER_TRANSITION_INVALID' });
    await expect(queueSellerShip(db, { orderId: 9, trackingNumber: 'x'.repeat(101) }, 2001)).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await db.outbox.count().exec()).toBe(1);

    const failure = { status: 409, code: 'ORDER_TRANSITION_INVALID', message: 'An order cannot move from cancelled to shipped.' };
    await failEntry(db, entry, failure, KIND_HANDLERS.seller_order_status.rollback);
    const refused = (await findSellerOrders(db, { kind: 'sellerOrders' })).data[0];
    expect(refused).toMatchObject({ order_id: 7, status: 'processing', queued: false, refusal: { entryId: entry.id, failure } });
  });
});
