/**
 * The operator's shops (issue 24, docs/OPERATOR.md "Console API"): GET /api/admin/shops (the queue, with what the
 * operator needs to decide) and PATCH /api/admin/shops/{id} with `commission_rate` (admins only, percent with at
 * most 2 decimals, stored as basis points, frozen on new orders only) and `reason` (required when suspending or
 * rejecting; the seller sees it on GET /api/seller/shop). A rejected shop needs its phone check again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, registerBuyer, sellerLogin, type Account, type AccountServer, startAccountServer } from './support/account-server';
import { auditRows, managerLogin, operatorCall } from './support/operator-calls';
import { activeSeller, patchShop, signUpSeller, verifyPhone } from './support/seller-signup';

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

const shopRow = (id: number) => server.db.kysely.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

interface QueueShop {
  id: number;
  status: string;
  rejected: boolean;
  status_reason: string | null;
  owner: { id: number; name: string; email: string } | null;
  phone: string;
  phone_verified: boolean;
  store_type: string;
  city: string;
  created_at: number;
  products_count: number;
  commission_rate: number | null;
}

async function queue(token: string, query: string): Promise<{ data: QueueShop[]; meta: { total: number; current_page: number; last_page: number; per_page: number } }> {
  const res = await operatorCall(server, token, 'GET', `/api/admin/shops${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body as never;
}

describe('GET /api/admin/shops', () => {
  it('lists the pending queue, oldest first, with the owner, the phone and whether the owner verified it', async () => {
    const first = await signUpSeller(server, { city: 'Fes', store_type: 'manufacturer' });
    const second = await signUpSeller(server);
    await verifyPhone(server, second.token, second.phone);
    const page = await queue(manager.token, '?status=pending&per_page=100');
    const ids = page.data.map((s) => s.id);
    expect(ids.indexOf(first.shopId)).toBeLessThan(ids.indexOf(second.shopId));
    for (const s of page.data) expect(s.status).toBe('pending');
    const a = page.data.find((s) => s.id === first.shopId);
    expect(a).toMatchObject({
      status: 'pending',
      rejected: false,
      status_reason: null,
      owner: { id: first.userId, email: first.email, name: expect.any(String) },
      phone: first.phone,
      phone_verified: false,
      store_type: 'manufacturer',
      city: 'Fes',
      products_count: 0,
      commission_rate: null,
    });
    expect(a?.created_at).toEqual(expect.any(Number));
    expect(page.data.find((s) => s.id === second.shopId)?.phone_verified).toBe(true);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 100, total: page.data.length });
  });

  it('counts every product of a shop, searches names and owner emails, pages', async () => {
    const seller = await sellerLogin(server, 0);
    const products = await server.db.kysely.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', seller.shop.id).executeTakeFirstOrThrow();
    const byEmail = await queue(admin.token, `?q=${encodeURIComponent(seller.email)}`);
    expect(byEmail.data.map((s) => s.id)).toEqual([seller.shop.id]);
    expect(byEmail.data[0]?.products_count).toBe(Number(products.n));
    const byName = await queue(admin.token, `?q=${encodeURIComponent(seller.shop.name)}`);
    expect(byName.data.map((s) => s.id)).toContain(seller.shop.id);
    const one = await queue(admin.token, '?per_page=1&page=2');
    expect(one.data).toHaveLength(1);
    expect(one.meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect(one.meta.last_page).toBe(one.meta.total);
  });

  it('refuses a bad parameter 400 naming it, a guest 401, a buyer or a seller 403', async () => {
    for (const query of ['?status=closed', '?page=0', '?per_page=1000', '?q=%00']) {
      const res = await operatorCall(server, admin.token, 'GET', `/api/admin/shops${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await operatorCall(server, null, 'GET', '/api/admin/shops')).status).toBe(401);
    const buyer = await registerBuyer(server, 'buyer');
    const seller = await sellerLogin(server, 0);
    for (const who of [buyer, seller]) {
      const res = await operatorCall(server, who.token, 'GET', '/api/admin/shops');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });
});

describe('PATCH /api/admin/shops/{id}: commission rate', () => {
  it('sets a rate in percent (admin), stored in basis points, audited; null goes back to the default', async () => {
    const seller = await activeSeller(server, admin);
    const res = await patchShop(server, admin.token, seller.shopId, { commission_rate: 12.75 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await shopRow(seller.shopId)).commission_rate_bp).toBe(1275);
    const listed = await queue(admin.token, `?q=${encodeURIComponent(seller.email)}`);
    expect(listed.data[0]?.commission_rate).toBe(12.75);
    const audit = await auditRows(server, 'shop', seller.shopId);
    const last = audit[audit.length - 1];
    expect(last).toMatchObject({ action: 'shop.update', actor_user_id: admin.userId, actor_role: 'admin' });
    expect(JSON.parse(last?.before_json ?? 'null')).toMatchObject({ commission_rate_bp: null });
    expect(JSON.parse(last?.after_json ?? 'null')).toMatchObject({ commission_rate_bp: 1275 });
    expect((await patchShop(server, admin.token, seller.shopId, { commission_rate: null })).status).toBe(200);
    expect((await shopRow(seller.shopId)).commission_rate_bp).toBeNull();
    expect((await patchShop(server, admin.token, seller.shopId, { commission_rate: 0 })).status).toBe(200);
    expect((await shopRow(seller.shopId)).commission_rate_bp).toBe(0);
    expect((await patchShop(server, admin.token, seller.shopId, { commission_rate: 100 })).status).toBe(200);
    expect((await shopRow(seller.shopId)).commission_rate_bp).toBe(10000);
  });

  it('is money: a manager 403, writing nothing', async () => {
    const seller = await activeSeller(server, admin);
    const before = await shopRow(seller.shopId);
    const res = await patchShop(server, manager.token, seller.shopId, { commission_rate: 5 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await shopRow(seller.shopId)).toEqual(before);
  });

  it('refuses a rate that is not a percent with at most 2 decimals, 422 naming commission_rate', async () => {
    const seller = await activeSeller(server, admin);
    const before = await shopRow(seller.shopId);
    for (const rate of [-1, 100.01, 10.555, '10', true]) {
      const res = await patchShop(server, admin.token, seller.shopId, { commission_rate: rate });
      expect(res.status, String(rate)).toBe(422);
      expect(res.body.errors).toContainEqual({ parameter: 'commission_rate', message: 'The commission rate must be a percent from 0 to 100 with at most 2 decimals.' });
    }
    expect(await shopRow(seller.shopId)).toEqual(before);
  });
});

describe('PATCH /api/admin/shops/{id}: reasons, rejection, suspension', () => {
  it('wants a reason to suspend, 422 naming reason, writing nothing', async () => {
    const seller = await activeSeller(server, admin);
    const before = await shopRow(seller.shopId);
    for (const body of [{ status: 'suspended' }, { status: 'suspended', reason: '   ' }, { status: 'suspended', reason: null }]) {
      const res = await patchShop(server, manager.token, seller.shopId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual({ parameter: 'reason', message: 'The reason field is required.' });
    }
    const long = await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 'x'.repeat(501) });
    expect(long.body.errors).toContainEqual({ parameter: 'reason', message: 'The reason may not be greater than 500 characters.' });
    const typed = await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 5 });
    expect(typed.body.errors).toContainEqual({ parameter: 'reason', message: 'The reason must be a string.' });
    expect(await shopRow(seller.shopId)).toEqual(before);
  });

  it('suspends with a reason the seller sees on GET /api/seller/shop; reinstating clears it', async () => {
    const seller = await activeSeller(server, admin);
    const res = await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 'Counterfeit goods reported' });
    expect(res.status).toBe(200);
    const own = await operatorCall(server, seller.token, 'GET', '/api/seller/shop');
    expect(own.body.data).toMatchObject({ status: 'suspended', status_reason: 'Counterfeit goods reported' });
    const audit = await auditRows(server, 'shop', seller.shopId);
    expect(audit[audit.length - 1]).toMatchObject({ action: 'shop.update', actor_user_id: manager.userId, actor_role: 'manager', reason: 'Counterfeit goods reported' });
    expect((await patchShop(server, manager.token, seller.shopId, { status: 'active' })).status).toBe(200);
    expect((await operatorCall(server, seller.token, 'GET', '/api/seller/shop')).body.data).toMatchObject({ status: 'active', status_reason: null });
  });

  it('rejects a pending shop (suspended, with the reason); activating it later wants the phone check again', async () => {
    const seller = await signUpSeller(server);
    const res = await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 'Documents unreadable' });
    expect(res.status).toBe(200);
    expect(await shopRow(seller.shopId)).toMatchObject({ status: 'suspended', status_reason: 'Documents unreadable' });
    expect((await shopRow(seller.shopId)).rejected_at).not.toBeNull();
    const audit = await auditRows(server, 'shop', seller.shopId);
    expect(audit.map((r) => r.action)).toEqual(['shop.reject']);
    expect((await operatorCall(server, seller.token, 'GET', '/api/seller/shop')).body.data).toMatchObject({ status_reason: 'Documents unreadable' });
    const listed = await queue(manager.token, `?status=suspended&q=${encodeURIComponent(seller.email)}`);
    expect(listed.data[0]).toMatchObject({ id: seller.shopId, rejected: true, status_reason: 'Documents unreadable' });
    // Unverified phone: still refused, as a pending shop.
    const refused = await patchShop(server, manager.token, seller.shopId, { status: 'active' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SHOP_PHONE_NOT_VERIFIED');
    await verifyPhone(server, seller.token, seller.phone);
    expect((await patchShop(server, manager.token, seller.shopId, { status: 'active' })).status).toBe(200);
    expect(await shopRow(seller.shopId)).toMatchObject({ status: 'active', status_reason: null, rejected_at: null });
  });
});
