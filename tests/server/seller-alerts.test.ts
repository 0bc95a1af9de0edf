/**
 * The seller's alerts (docs/SELLERS.md "Alerts"): a new order for the shop, a variant reaching its low-stock
 * threshold once per crossing (after an order, a seller's edit, a CSV import), the operator's decisions on the
 * shop, and the custom requests' notifications — each listed for the shop's owner (GET /api/seller/alerts) and
 * pushed in their language; marked read with PATCH /api/seller/alerts/read; raising one never fails the write.
 * Runs on SQLite and PostgreSQL (project server-postgres).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderDoc } from '../../src/domain/commerce-schemas';
import type { SellerAlert } from '../../src/domain/seller-alerts';
import { adminLogin, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { orderBody, type SellableVariant } from './support/order-fixtures';
import { api, categoriesOf, productBody, uniqueSku, type SellerReply } from './support/seller-products';

type AlertsReply = { success: boolean; code?: string; message?: string; data: SellerAlert[]; meta: { unread: number; total: number; current_page: number; last_page: number; per_page: number } };
type ReadReply = { success: boolean; code?: string; errors?: { parameter: string; message: string }[]; data: { updated: number; unread: number } };

let server: AccountServer;
let seller: SellerAccount;
let other: SellerAccount;
let buyer: Account;
let admin: Account;
let categoryId: number;

beforeAll(async () => {
  server = await startAccountServer({ products: 20 });
  seller = await sellerLogin(server, 0);
  other = await sellerLogin(server, 1);
  buyer = await registerBuyer(server, 'shopper');
  admin = await adminLogin(server);
  categoryId = (await categoriesOf(server)).sub.id;
  await server.db.kysely.updateTable('users').set({ language: 'fr' }).where('id', '=', seller.userId).execute();
  await server.db.kysely.updateTable('users').set({ language: 'en' }).where('id', '=', other.userId).execute();
});
afterAll(async () => {
  await server?.close();
});

const alertsOf = async (account: Account, query = ''): Promise<AlertsReply> => {
  const res = await api<AlertsReply>(server, 'GET', `/api/seller/alerts${query}`, { token: account.token });
  expect(res.status).toBe(200);
  return res.body;
};
const kinds = (alerts: readonly SellerAlert[]) => alerts.map((a) => a.kind);
const pushLog = (userId: number) => server.db.kysely.selectFrom('push_log').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** A new product of `account`'s shop: M/blue stock 5 and three others, threshold 3. */
async function product(account: SellerAccount, overrides: Record<string, unknown> = {}): Promise<SellerReply['data']> {
  const res = await api(server, 'POST', '/api/seller/products', {
    token: account.token,
    body: productBody(categoryId, {
      sku: uniqueSku('AL'),
      discount_price: null,
      low_stock_threshold: 3,
      variants: [
        { size: 'M', color: 'blue', fabric: 'Silk', stock: 5 },
        { size: 'L', color: 'blue', fabric: 'Silk', stock: 9 },
        { size: 'M', color: 'white', fabric: 'Silk', stock: 9 },
        { size: 'L', color: 'white', fabric: 'Silk', stock: 9 },
      ],
      ...overrides,
    }),
  });
  if (res.status !== 201) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const variantIdOf = (p: SellerReply['data'], size: string, color: string): number => {
  const v = p.variants.find((x) => x.size === size && x.color === color);
  if (!v) throw new Error(`no ${size} ${color}`);
  return v.id;
};

async function order(p: SellerReply['data'], variantId: number, quantity: number): Promise<OrderDoc> {
  const v: SellableVariant = { productId: p.id, variantId, shopId: p.shop.id, unitPrice: p.price, name: 'x' };
  const res = await api<{ data: OrderDoc }>(server, 'POST', '/api/orders', { token: buyer.token, body: orderBody([{ v, quantity }]) });
  if (res.status !== 201) throw new Error(`order → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const setStock = (p: SellerReply['data'], variantId: number, stock: number) =>
  api(server, 'PATCH', `/api/seller/products/${p.id}/variants/${variantId}`, { token: seller.token, body: { stock } });

describe('who may read and mark alerts', () => {
  it('a guest is 401, a buyer 403, on both routes', async () => {
    expect((await api(server, 'GET', '/api/seller/alerts')).status).toBe(401);
    expect((await api(server, 'PATCH', '/api/seller/alerts/read', { body: { all: true } })).status).toBe(401);
    const asBuyer = await api(server, 'GET', '/api/seller/alerts', { token: buyer.token });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('FORBIDDEN');
    expect((await api(server, 'PATCH', '/api/seller/alerts/read', { token: buyer.token, body: { all: true } })).status).toBe(403);
    const res = await api(server, 'GET', '/api/seller/alerts', { token: seller.token });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a new order and low stock', () => {
  it("an order tells the shop's owner in their language, and its low-stock crossing once; pushed too", async () => {
    const p = await product(seller);
    const mBlue = variantIdOf(p, 'M', 'blue');
    const before = (await alertsOf(seller)).meta.unread;
    const otherBefore = (await alertsOf(other)).meta.total;
    const placed = await order(p, mBlue, 2); // 5 → 3: reaches the threshold

    const after = await alertsOf(seller);
    expect(after.meta.unread).toBe(before + 2);
    const [low, created] = after.data;
    expect(created).toMatchObject({
      kind: 'new_order',
      read: false,
      title: `Nouvelle commande ${placed.order_number}`,
      body: 'Articles à préparer : 2.',
      data: { kind: 'new_order', url: '/seller/orders', order_id: String(placed.order_id), order_number: placed.order_number },
    });
    expect(low).toMatchObject({
      kind: 'low_stock',
      title: 'Stock bas',
      body: 'Caftan en soie bleu (M, blue, Silk) : plus que 3.',
      data: { kind: 'low_stock', url: `/seller/products/${p.id}`, product_id: String(p.id), variant_id: String(mBlue), stock: '3', threshold: '3' },
    });
    // Another shop's owner hears nothing.
    expect((await alertsOf(other)).meta.total).toBe(otherBefore);
    // Pushed (the local sender records what it would send), with the page to open.
    await vi.waitFor(async () => {
      const pushes = await pushLog(seller.userId);
      expect(pushes.map((row) => JSON.parse(row.data_json) as Record<string, string>)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'new_order', url: '/seller/orders', order_number: placed.order_number }),
          expect.objectContaining({ kind: 'low_stock', variant_id: String(mBlue) }),
        ]),
      );
    });

    // Below it already: a second order is a new order alert, but no second low-stock one.
    await order(p, mBlue, 1); // 3 → 2
    const again = await alertsOf(seller);
    expect(kinds(again.data.slice(0, 2))).toEqual(['new_order', 'low_stock']);
    expect(again.data.filter((a) => a.kind === 'low_stock' && a.data.variant_id === String(mBlue))).toHaveLength(1);

    // A restock above the threshold re-arms it; the seller's own edit to 1 crosses again.
    expect((await setStock(p, mBlue, 10)).status).toBe(200);
    expect((await alertsOf(seller)).meta.total).toBe(again.meta.total);
    expect((await setStock(p, mBlue, 1)).status).toBe(200);
    const edited = await alertsOf(seller);
    expect(edited.meta.total).toBe(again.meta.total + 1);
    expect(edited.data[0]).toMatchObject({ kind: 'low_stock', data: { variant_id: String(mBlue), stock: '1' } });
    // An edit that stays below, or a price edit, raises nothing.
    expect((await setStock(p, mBlue, 0)).status).toBe(200);
    expect((await api(server, 'PATCH', `/api/seller/products/${p.id}/variants/${mBlue}`, { token: seller.token, body: { price: 1300 } })).status).toBe(200);
    expect((await alertsOf(seller)).meta.total).toBe(edited.meta.total);
  });

  it('a product edit that lowers stock through its variants list crosses too; a new product low from the start does not', async () => {
    const before = (await alertsOf(seller)).meta.total;
    const p = await product(seller, {
      variants: [
        { size: 'M', color: 'blue', fabric: 'Silk', stock: 1 },
        { size: 'L', color: 'blue', fabric: 'Silk', stock: 9 },
      ],
    });
    expect((await alertsOf(seller)).meta.total).toBe(before);
    const res = await api(server, 'PATCH', `/api/seller/products/${p.id}`, {
      token: seller.token,
      body: { variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1 }, { size: 'L', color: 'blue', fabric: 'Silk', stock: 2 }] },
    });
    expect(res.status).toBe(200);
    const after = await alertsOf(seller);
    expect(after.meta.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ kind: 'low_stock', data: { variant_id: String(variantIdOf(p, 'L', 'blue')), stock: '2' } });
  });

  it('a CSV import that brings a variant to its threshold raises one alert', async () => {
    const p = await product(seller, { shipping_from: 'Fes' }); // no comma in any cell: the lines split on commas
    const exported = await fetch(`${server.url}/api/seller/products/export.csv`, { headers: { authorization: `Bearer ${seller.token}` } });
    const lines = (await exported.text()).replace(/^\uFEFF/, '').split(/\r\n/).filter((l) => l !== '');
    const header = lines[0]!.split(',');
    const skuCol = header.indexOf('product_sku');
    const sizeCol = header.indexOf('size');
    const colorCol = header.indexOf('color');
    const stockCol = header.indexOf('stock');
    const own = lines.slice(1).filter((l) => l.split(',')[skuCol] === p.sku);
    expect(own).toHaveLength(4);
    const edited = own.map((l) => {
      const cells = l.split(',');
      if (cells[sizeCol] === 'L' && cells[colorCol] === 'white') cells[stockCol] = '3';
      return cells.join(',');
    });
    const before = (await alertsOf(seller)).meta.total;
    const res = await api<{ created: number; updated: number; errors: unknown[] }>(server, 'POST', '/api/seller/products/import', {
      token: seller.token,
      body: { csv: [lines[0], ...edited].join('\r\n') },
    });
    expect(res.body).toMatchObject({ created: 0, updated: 1, errors: [] });
    const after = await alertsOf(seller);
    expect(after.meta.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ kind: 'low_stock', data: { variant_id: String(variantIdOf(p, 'L', 'white')), stock: '3' } });
  });

  it('a cancelled order puts stock back and re-arms the alert', async () => {
    const p = await product(seller);
    const mBlue = variantIdOf(p, 'M', 'blue');
    const placed = await order(p, mBlue, 3); // 5 → 2: alerted
    const alerted = await alertsOf(seller);
    expect(alerted.data[0]).toMatchObject({ kind: 'low_stock', data: { variant_id: String(mBlue) } });
    const cancel = await api(server, 'POST', `/api/orders/${placed.order_id}/cancel`, { token: buyer.token });
    expect(cancel.status).toBe(200); // 2 → 5
    await order(p, mBlue, 2); // 5 → 3: a new crossing
    const after = await alertsOf(seller);
    expect(after.data.filter((a) => a.kind === 'low_stock' && a.data.variant_id === String(mBlue))).toHaveLength(2);
  });

  it('a returned order puts no stock back, so it re-arms nothing', async () => {
    const p = await product(seller);
    const mBlue = variantIdOf(p, 'M', 'blue');
    const placed = await order(p, mBlue, 1);
    for (const status of ['processing', 'shipped', 'delivered']) {
      expect((await api(server, 'PATCH', `/api/seller/orders/${placed.order_id}`, { token: admin.token, body: { status } })).status).toBe(200);
    }
    const repo = server.app.repos.sellerAlerts;
    const crossings = repo.lowStockCrossings;
    const looked: number[][] = [];
    repo.lowStockCrossings = (ids, before, now) => {
      looked.push([...ids]);
      return crossings(ids, before, now);
    };
    try {
      const returned = await api(server, 'PATCH', `/api/seller/orders/${placed.order_id}`, { token: admin.token, body: { status: 'returned' } });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    } finally {
      repo.lowStockCrossings = crossings;
    }
    expect(looked).toEqual([]);
    const stock = await server.db.kysely.selectFrom('product_variants').select('stock').where('id', '=', mBlue).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(4);
  });

  it('raising an alert that fails never fails the order', async () => {
    const p = await product(seller);
    const mBlue = variantIdOf(p, 'M', 'blue');
    const repo = server.app.repos.sellerAlerts;
    const insert = repo.insert;
    repo.insert = () => Promise.reject(new Error('alerts table unavailable'));
    try {
      const placed = await order(p, mBlue, 1);
      expect(placed.items[0]).toMatchObject({ variant_id: mBlue, quantity: 1 });
    } finally {
      repo.insert = insert;
    }
    const stock = await server.db.kysely.selectFrom('product_variants').select('stock').where('id', '=', mBlue).executeTakeFirstOrThrow();
    expect(Number(stock.stock)).toBe(4);
  });
});

describe("the operator's decisions", () => {
  it("suspending, activating and verifying the shop each tell its owner; a PATCH that changes nothing doesn't", async () => {
    const before = (await alertsOf(other)).meta.total;
    const patch = (body: Record<string, unknown>) => api(server, 'PATCH', `/api/admin/shops/${other.shop.id}`, { token: admin.token, body });
    const verified = Number((await server.db.kysely.selectFrom('shops').select('is_verified').where('id', '=', other.shop.id).executeTakeFirstOrThrow()).is_verified) === 1;
    expect((await patch({ status: 'suspended', reason: 'Counterfeit listings' })).status).toBe(200);
    expect((await patch({ status: 'suspended', reason: 'Counterfeit listings' })).status).toBe(200);
    expect((await patch({ status: 'active', is_verified: !verified })).status).toBe(200);
    expect((await patch({ is_verified: verified })).status).toBe(200);
    const after = await alertsOf(other);
    const added = after.data.slice(0, after.meta.total - before).reverse();
    expect(added.map((a) => [a.kind, a.data.decision, a.title])).toEqual([
      ['shop_status', 'suspended', 'Your shop is suspended'],
      ['shop_status', 'active', 'Your shop is open'],
      ['shop_status', verified ? 'unverified' : 'verified', verified ? 'Verification removed' : 'Your shop is verified'],
      ['shop_status', verified ? 'verified' : 'unverified', verified ? 'Your shop is verified' : 'Verification removed'],
    ]);
    expect(added.every((a) => a.data.url === '/seller')).toBe(true);
  });
});

describe('the list and marking read', () => {
  it('lists the seller kinds only (custom requests included), newest first, pages, and marks read', async () => {
    const now = Date.now() + 60_000;
    await server.db.kysely
      .insertInto('notifications')
      .values([
        { user_id: other.userId, kind: 'community_post', title: 'New custom request', body: 'A caftan', data_json: JSON.stringify({ post_id: '9', url: '/seller/community/posts/9/respond' }), created_at: now, read_at: null },
        { user_id: other.userId, kind: 'something_else', title: 'Not an alert', body: '', data_json: '{}', created_at: now + 1, read_at: null },
      ])
      .execute();
    const list = await alertsOf(other);
    expect(list.data[0]).toMatchObject({ kind: 'community_post', title: 'New custom request', data: { post_id: '9' } });
    expect(list.data.some((a) => (a.kind as string) === 'something_else')).toBe(false);
    const created = list.data.map((a) => a.created_at);
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const page = await alertsOf(other, '?per_page=2&page=2');
    expect(page.meta).toMatchObject({ current_page: 2, per_page: 2, total: list.meta.total });
    expect(page.data.map((a) => a.id)).toEqual(list.data.slice(2, 4).map((a) => a.id));

    // One id read; another user's id changes nothing.
    const first = list.data[0]!;
    const mine = await api<ReadReply>(server, 'PATCH', '/api/seller/alerts/read', { token: other.token, body: { ids: [first.id] } });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ updated: 1, unread: list.meta.unread - 1 });
    const sellers = await alertsOf(seller);
    const notMine = await api<ReadReply>(server, 'PATCH', '/api/seller/alerts/read', { token: other.token, body: { ids: [sellers.data[0]!.id] } });
    expect(notMine.body.data.updated).toBe(0);
    expect((await alertsOf(seller)).meta.unread).toBe(sellers.meta.unread);
    const unread = await alertsOf(other, '?unread=1');
    expect(unread.data.every((a) => !a.read)).toBe(true);
    expect(unread.data.some((a) => a.id === first.id)).toBe(false);
    expect((await alertsOf(other)).data.find((a) => a.id === first.id)?.read).toBe(true);

    const all = await api<ReadReply>(server, 'PATCH', '/api/seller/alerts/read', { token: other.token, body: { all: true } });
    expect(all.body.data).toEqual({ updated: list.meta.unread - 1, unread: 0 });
    expect((await alertsOf(other)).meta.unread).toBe(0);
    // The other kind stays unread: it is not the seller's alert.
    const untouched = await server.db.kysely.selectFrom('notifications').select('read_at').where('user_id', '=', other.userId).where('kind', '=', 'something_else').executeTakeFirstOrThrow();
    expect(untouched.read_at).toBeNull();
  });

  it('refuses bad bodies with 422 and bad queries with 400', async () => {
    for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { ids: 'x' }, { ids: [0] }, { ids: [1.5] }, { all: false }, { all: true, extra: 1 }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await api<ReadReply>(server, 'PATCH', '/api/seller/alerts/read', { token: seller.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
    }
    for (const query of ['?page=0', '?per_page=51', '?unread=maybe']) {
      expect((await api(server, 'GET', `/api/seller/alerts${query}`, { token: seller.token })).status, query).toBe(400);
    }
  });
});
