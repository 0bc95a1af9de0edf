/**
 * The operator's audit log (issue 24, docs/OPERATOR.md "Audit"): every operator action writes one audit_log row
 * in the action's own transaction — the action and its record commit together or not at all — and GET
 * /api/admin/audit?object=type:id (also object_type, actor, page) shows them newest first with the actor's name
 * and email, before and after, and the reason. Admins and managers; a bad parameter 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/server/repositories/audit';
import { registerUser, sellerLogin as sellerLoginBySlug } from '../helpers/auth';
import { adminLogin, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer } from './support/account-server';
import { auditRows, breakAuditLog, managerLogin, operatorCall } from './support/operator-calls';
import { orderBody, placeOrder, sellableVariant } from './support/order-fixtures';
import { activeSeller, patchShop } from './support/seller-signup';

let server: AccountServer;
let admin: Account;
let manager: Account;

beforeAll(async () => {
  server = await startAccountServer({ products: 10 });
  admin = await adminLogin(server);
  manager = await managerLogin(server);
});
afterAll(async () => {
  await server?.close();
});

interface AuditEntry {
  id: number;
  actor: { id: number; name: string; email: string; role: string };
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: number;
}

async function audit(token: string, query: string): Promise<{ data: AuditEntry[]; meta: { total: number; current_page: number; per_page: number; last_page: number } }> {
  const res = await operatorCall(server, token, 'GET', `/api/admin/audit${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body as never;
}

describe('GET /api/admin/audit', () => {
  it("shows one object's history newest first, with the actor, before, after and reason", async () => {
    const seller = await activeSeller(server, admin);
    await patchShop(server, manager.token, seller.shopId, { is_featured: true });
    await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 'Late deliveries' });
    const page = await audit(admin.token, `?object=shop:${seller.shopId}`);
    expect(page.data.map((e) => e.action)).toEqual(['shop.update', 'shop.update', 'shop.update']);
    const [suspend, feature, activate] = page.data;
    expect(suspend).toMatchObject({
      actor: { id: manager.userId, email: manager.email, name: expect.any(String), role: 'manager' },
      object_type: 'shop',
      object_id: String(seller.shopId),
      before: expect.objectContaining({ status: 'active', status_reason: null }),
      after: expect.objectContaining({ status: 'suspended', status_reason: 'Late deliveries' }),
      reason: 'Late deliveries',
    });
    expect(feature).toMatchObject({ before: expect.objectContaining({ is_featured: false }), after: expect.objectContaining({ is_featured: true }) });
    expect(activate).toMatchObject({ actor: { id: admin.userId, role: 'admin' }, before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'active' }) });
    expect(page.meta).toMatchObject({ total: 3, current_page: 1 });
  });

  it('filters by object type and actor, and pages', async () => {
    const other = await managerLogin(server);
    const seller = await activeSeller(server, admin);
    await patchShop(server, other.token, seller.shopId, { is_verified: true });
    await patchShop(server, other.token, seller.shopId, { is_verified: false });
    const mine = await audit(manager.token, `?actor=${other.userId}`);
    expect(mine.data.map((e) => e.actor.id)).toEqual([other.userId, other.userId]);
    const shops = await audit(manager.token, '?object_type=shop&per_page=1&page=2');
    expect(shops.data).toHaveLength(1);
    expect(shops.data[0]?.object_type).toBe('shop');
    expect(shops.meta).toMatchObject({ current_page: 2, per_page: 1 });
  });

  it('records the catalogue texts, the payouts and period closes', async () => {
    const res = await operatorCall(server, manager.token, 'PATCH', '/api/admin/categories/4', { name: 'Audited name' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const category = await audit(admin.token, '?object=category:4');
    expect(category.data[0]).toMatchObject({ action: 'category.texts', after: { names: expect.objectContaining({ en: 'Audited name' }) } });
    const texts = await operatorCall(server, admin.token, 'PATCH', '/api/admin/products/3', { names: { en: 'Audited kaftan' } });
    expect(texts.status).toBe(200);
    expect((await audit(admin.token, '?object=product:3')).data[0]).toMatchObject({ action: 'product.texts', after: { names: expect.objectContaining({ en: 'Audited kaftan' }) } });

    const closed = await operatorCall(server, admin.token, 'POST', '/api/admin/periods/close', { period_end: '2025-01-15' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await audit(admin.token, '?object=period:2025-01-15')).data[0]).toMatchObject({ action: 'period.close', actor: { id: admin.userId } });
  });

  it("leaves the money rows out of a manager's reading; the admin reads them all", async () => {
    const actor = await managerLogin(server);
    const rows: [action: string, objectType: string][] = [
      ['shop.adjust', 'shop'],
      ['order.return', 'order'],
      ['order.move', 'order'],
      ['payout.mark', 'payout'],
      ['period.close', 'period'],
      ['remittance.record', 'remittance'],
      ['remittance.reconcile', 'remittance'],
      ['note.any', 'payout'],
      ['shop.update', 'shop'],
      ['review.hide', 'review'],
    ];
    for (const [i, [action, objectType]] of rows.entries()) {
      await recordAudit(server.db.kysely, { actor: { userId: actor.userId, role: 'admin' }, action, objectType, objectId: i + 1, before: null, after: { amount: 12.5 }, now: Date.now() });
    }
    const all = await audit(admin.token, `?actor=${actor.userId}&per_page=200`);
    expect(all.data.map((e) => e.action).sort()).toEqual(rows.map(([action]) => action).sort());
    const managed = await audit(manager.token, `?actor=${actor.userId}&per_page=200`);
    expect(managed.data.map((e) => e.action).sort()).toEqual(['review.hide', 'shop.update']);
    expect(managed.meta.total).toBe(2);
    expect((await audit(manager.token, '?object_type=payout')).data).toEqual([]);
  });

  it("records an admin's order moves (order.move, with cod_collected when given), not a seller's own", async () => {
    const v = await sellableVariant(server.db, 5, 0);
    const shop = await server.db.kysely.selectFrom('shops').select('slug').where('id', '=', v.shopId).executeTakeFirstOrThrow();
    const seller = await sellerLoginBySlug(server.url, shop.slug);
    const buyer = await registerUser(server.url);
    const placed = await placeOrder(server.url, buyer.token, orderBody([{ v, quantity: 1 }]));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    const move = async (token: string, body: Record<string, unknown>) => {
      const res = await operatorCall(server, token, 'PATCH', `/api/seller/orders/${order.order_id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await move(seller.token, { status: 'processing' });
    expect(await auditRows(server, 'order', order.order_id)).toEqual([]);
    await move(admin.token, { status: 'shipped' });
    await move(admin.token, { status: 'delivered', cod_collected: order.total_amount });
    const page = await audit(admin.token, `?object=order:${order.order_id}`);
    expect(page.data.map((e) => [e.action, e.actor.id, e.before, e.after])).toEqual([
      ['order.move', admin.userId, { status: 'shipped' }, { status: 'delivered', cod_collected: order.total_amount }],
      ['order.move', admin.userId, { status: 'processing' }, { status: 'shipped' }],
    ]);
  });

  it('refuses a bad parameter 400, a guest 401, a buyer or a seller 403', async () => {
    for (const query of ['?object=shop', '?object=shop:', '?object=:12', '?object=shop:1%00', '?actor=abc', '?page=0', '?object_type=Shop!']) {
      const res = await operatorCall(server, admin.token, 'GET', `/api/admin/audit${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await operatorCall(server, null, 'GET', '/api/admin/audit')).status).toBe(401);
    for (const who of [await registerBuyer(server), await sellerLogin(server, 0)]) {
      expect((await operatorCall(server, who.token, 'GET', '/api/admin/audit')).status).toBe(403);
    }
  });
});

describe('an action and its audit row are atomic', () => {
  it('an action whose audit row cannot be written is not done', async () => {
    const seller = await activeSeller(server, admin);
    const before = await server.db.kysely.selectFrom('shops').selectAll().where('id', '=', seller.shopId).executeTakeFirstOrThrow();
    const review = await server.db.kysely.selectFrom('reviews').selectAll().where('deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const restore = await breakAuditLog(server);
    try {
      const suspended = await patchShop(server, admin.token, seller.shopId, { status: 'suspended', reason: 'Atomic', commission_rate: 3 });
      expect(suspended.status).toBe(500);
      const hidden = await operatorCall(server, admin.token, 'PATCH', `/api/admin/reviews/${review.id}`, { hidden: true, reason: 'Atomic' });
      expect(hidden.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await server.db.kysely.selectFrom('shops').selectAll().where('id', '=', seller.shopId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await server.db.kysely.selectFrom('reviews').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow()).toEqual(review);
    expect((await auditRows(server, 'shop', seller.shopId)).map((r) => r.action)).toEqual(['shop.update']);
  });

  it('a refused action writes no audit row', async () => {
    const seller = await activeSeller(server, admin);
    const count = (await auditRows(server, 'shop', seller.shopId)).length;
    expect((await patchShop(server, manager.token, seller.shopId, { commission_rate: 5 })).status).toBe(403);
    expect((await patchShop(server, admin.token, seller.shopId, { status: 'suspended' })).status).toBe(422);
    expect(await auditRows(server, 'shop', seller.shopId)).toHaveLength(count);
  });
});
