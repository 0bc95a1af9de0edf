/**
 * The matrix rows of issue 5's orders, payments, seller orders and order
 * reviews (docs/COMMERCE.md, "Orders API"), with the objects they target:
 * buyer A's orders of a product of shop X (stock set high so every cell can
 * place one), placed and moved through the API, read back as A sees them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { unitPriceOf } from '../../../src/domain/commerce';
import { fromCentimes } from '../../../src/domain/money';
import { updateProduct } from '../../../src/server/repositories/product-writes';
import { field } from './authz-http';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import { productAt } from './authz-social';
import type { AuthzRow, CellRequest } from './authz-table';

const ALL: readonly SignedIn[] = SIGNED_IN;

interface Sellable {
  productId: number;
  variantId: number;
  unitPrice: number;
}

const sellables = new WeakMap<World, Sellable>();

/** A variant of a product of shop X with plenty of stock (made once per world). */
async function sellableOfShopX(world: World): Promise<Sellable> {
  const known = sellables.get(world);
  if (known) return known;
  const db = world.server.db.kysely;
  const find = () =>
    db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id as variantId', 'v.product_id as productId', 'v.price_cents as variantCents', 'p.price_cents', 'p.effective_cents'])
      .where('p.shop_id', '=', world.shopX.id)
      .where('p.deleted', '=', 0)
      .orderBy('v.product_id', 'desc')
      .orderBy('v.id')
      .executeTakeFirst();
  // The small authz catalogue may give shop X nothing to sell: one product (slot 4, away from the review and
  // wishlist rows' products) then moves to it.
  if ((await find()) === undefined) await db.updateTable('products').set({ shop_id: world.shopX.id }).where('id', '=', await productAt(world, 4)).execute();
  const row = await find();
  if (!row) throw new Error('shop X has no product on the authz server');
  await updateProduct(world.server.db, Number(row.productId), { stock: [{ variantId: Number(row.variantId), quantity: 10_000 }] });
  const sellable = {
    productId: Number(row.productId),
    variantId: Number(row.variantId),
    unitPrice: unitPriceOf(
      { price: fromCentimes(Number(row.price_cents)), effective_price: fromCentimes(Number(row.effective_cents)) },
      { price: fromCentimes(Number(row.variantCents)) },
    ),
  };
  sellables.set(world, sellable);
  return sellable;
}

export async function orderBodyFor(world: World): Promise<Record<string, unknown>> {
  const s = await sellableOfShopX(world);
  return {
    client_ref: randomUUID(),
    items: [{ product_id: s.productId, variant_id: s.variantId, quantity: 1, unit_price: s.unitPrice }],
    shipping_info: {
      first_name: 'Matrix',
      last_name: 'Buyer',
      email: 'matrix@example.test',
      phone: '+212600000010',
      street: '1 Rue Matrix',
      apartment: '',
      city: 'Rabat',
      state: 'Rabat-Salé-Kénitra',
      postal_code: '10000',
      country: 'MA',
    },
    payment_method: 'cod',
  };
}

/** A new order of buyer A's (pending); returns its order id. */
export async function freshOrderOfA(world: World): Promise<number> {
  const reply = await world.as('buyerA', 'POST', '/api/orders', await orderBodyFor(world));
  expect(reply.status, reply.text).toBe(201);
  return Number(field(reply.json, 'data', 'order_id'));
}

const sharedOrder = new WeakMap<World, number>();
const deliveredOrder = new WeakMap<World, number>();

/** Buyer A's order that the read rows target (made once). */
async function orderOfA(world: World): Promise<number> {
  const known = sharedOrder.get(world);
  if (known !== undefined) return known;
  const id = await freshOrderOfA(world);
  sharedOrder.set(world, id);
  return id;
}

/** Buyer A's delivered order (moved by the admin), for the order-review row. */
async function deliveredOrderOfA(world: World): Promise<number> {
  const known = deliveredOrder.get(world);
  if (known !== undefined) return known;
  const id = await freshOrderOfA(world);
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await world.as('admin', 'PATCH', `/api/seller/orders/${id}`, { status });
    expect(moved.status, moved.text).toBe(200);
  }
  deliveredOrder.set(world, id);
  return id;
}

/** An order as buyer A reads it (null when A cannot). */
async function orderAsA(world: World, id: number): Promise<unknown> {
  const reply = await world.as('buyerA', 'GET', `/api/orders/${id}`);
  return reply.status === 200 ? field(reply.json, 'data') : null;
}

const idInPath = (req: CellRequest): number => Number(/\/orders\/(\d+)/.exec(req.path)?.[1]);

export const ORDER_ROWS: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/orders',
    allowed: ALL,
    refused: 403,
    request: async (world) => ({ path: '/api/orders', body: await orderBodyFor(world) }),
    check: (world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(Number(field(reply.json, 'data', 'customer_id'))).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'GET',
    route: '/api/orders',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/orders?per_page=50' }),
    check: (world, who, reply) => {
      const list = field(reply.json, 'data') as unknown[];
      expect(Array.isArray(list)).toBe(true);
      for (const o of list) expect(Number(field(o, 'customer_id')), 'only the caller’s orders').toBe(world.actors[who].userId);
    },
  },
  {
    method: 'GET',
    route: '/api/orders/:id',
    label: "buyer A's order",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ORDER_NOT_FOUND',
    request: async (world) => ({ path: `/api/orders/${await orderOfA(world)}` }),
    check: (world, _who, reply, req) => {
      expect(Number(field(reply.json, 'data', 'order_id'))).toBe(idInPath(req));
      expect(Number(field(reply.json, 'data', 'customer_id'))).toBe(world.actors.buyerA.userId);
    },
  },
  {
    method: 'POST',
    route: '/api/orders/:id/cancel',
    label: "buyer A's order",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ORDER_NOT_FOUND',
    request: async (world) => ({ path: `/api/orders/${await freshOrderOfA(world)}/cancel` }),
    target: (world, req) => orderAsA(world, idInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(field(await orderAsA(world, idInPath(req)), 'status')).toBe('cancelled');
    },
  },
  {
    method: 'GET',
    route: '/api/orders/:id/review-status',
    label: "buyer A's order",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ORDER_NOT_FOUND',
    request: async (world) => ({ path: `/api/orders/${await orderOfA(world)}/review-status` }),
    check: (_world, _who, reply, req) => {
      expect(Number(field(reply.json, 'data', 'order_id'))).toBe(idInPath(req));
    },
  },
  {
    method: 'POST',
    route: '/api/payments',
    allowed: ALL,
    refused: 403,
    // Nothing is ever charged here: a signed-in caller's cash-on-delivery payment is refused as not needed.
    allowedAnswer: { status: 422, code: 'PAYMENT_NOT_NEEDED' },
    request: () => ({ path: '/api/payments', body: { amount: 120, payment_info: {}, payment_method: 'cod' } }),
  },
  {
    method: 'GET',
    route: '/api/seller/orders',
    allowed: ['sellerX', 'sellerY'],
    refused: 403,
    request: () => ({ path: '/api/seller/orders?per_page=50' }),
    check: async (world, who, reply) => {
      const shop = who === 'sellerX' ? world.shopX.id : world.shopY.id;
      const list = field(reply.json, 'data') as unknown[];
      for (const o of list) {
        for (const item of field(o, 'items') as unknown[]) expect(Number(field(item, 'store_id')), 'only their shop’s items').toBe(shop);
      }
      if (who === 'sellerX') expect(list.length, 'shop X sees the orders of its product').toBeGreaterThan(0);
    },
  },
  {
    method: 'PATCH',
    route: '/api/seller/orders/:id',
    label: "buyer A's order of shop X",
    allowed: ['sellerX', 'admin'],
    refused: 403,
    // Buyers are refused by role (403); the other shop's seller does not see the order (404).
    refusedAs: { sellerY: 404 },
    notFoundCode: 'ORDER_NOT_FOUND',
    request: async (world) => ({ path: `/api/seller/orders/${await freshOrderOfA(world)}`, body: { status: 'processing' } }),
    target: (world, req) => orderAsA(world, idInPath(req)),
    check: async (world, _who, _reply, req) => {
      expect(field(await orderAsA(world, idInPath(req)), 'status')).toBe('processing');
    },
  },
  {
    method: 'POST',
    route: '/api/reviews/order',
    label: "buyer A's delivered order",
    allowed: ['buyerA'],
    refused: 404,
    notFoundCode: 'ORDER_NOT_FOUND',
    request: async (world) => {
      const orderId = await deliveredOrderOfA(world);
      const s = await sellableOfShopX(world);
      return { path: '/api/reviews/order', body: { order_id: orderId, reviews: [{ product_id: s.productId, rating: 5, content: 'Lovely' }] } };
    },
    check: (_world, _who, reply) => {
      expect(reply.status).toBe(201);
    },
  },
  {
    method: 'GET',
    route: '/api/sync/orders/pull',
    allowed: ALL,
    refused: 403,
    request: () => ({ path: '/api/sync/orders/pull?v=1' }),
    check: async (world, who, reply) => {
      const docs = field(reply.json, 'documents') as unknown[];
      const own = await world.server.db.kysely.selectFrom('orders').select('id').where('user_id', '=', world.actors[who].userId).execute();
      expect(docs.map((d) => Number(field(d, 'order_id'))).sort()).toEqual(own.map((r) => Number(r.id)).sort());
    },
  },
];
