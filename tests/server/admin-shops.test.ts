/**
 * PATCH /api/admin/shops/{id} with the operator's decisions (issue 23, docs/SELLERS.md "Sign-up and shop status"):
 * `{status: 'active' | 'suspended', is_verified?, is_featured?}`, beside the texts of issue 22, for admins and
 * managers; a guest 401, a buyer or a seller 403, an unknown id 404, a bad body 422. Activating a pending shop wants
 * the phone given at sign-up verified by its owner (409 SHOP_PHONE_NOT_VERIFIED otherwise). Every change is
 * stamped and announced, so the shops pull carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { adminLogin, login, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer } from './support/account-server';
import { pullAll } from './support/pull-all';
import { patchShop, signUpSeller, verifyPhone } from './support/seller-signup';

let server: AccountServer;
let admin: Account;
let manager: Account;

beforeAll(async () => {
  server = await startAccountServer({ products: 10 });
  admin = await adminLogin(server);
  const m = await registerBuyer(server, 'manager');
  await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', m.userId).execute();
  manager = { ...m, token: await login(server, m.email, m.password) };
});
afterAll(async () => {
  await server?.close();
});

const shopRow = (id: number) => server.db.kysely.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function announcedDuring<T>(fn: () => Promise<T>): Promise<{ result: T; announced: CollectionChange[] }> {
  const announced: CollectionChange[] = [];
  const unsubscribe = server.db.changes.subscribe((c) => announced.push(c));
  try {
    return { result: await fn(), announced };
  } finally {
    unsubscribe();
  }
}

describe('PATCH /api/admin/shops/{id}: activation of a signed-up shop', () => {
  it('refuses to activate a pending shop whose phone is not verified (409 SHOP_PHONE_NOT_VERIFIED), writing nothing', async () => {
    const seller = await signUpSeller(server);
    const before = await shopRow(seller.shopId);
    const res = await patchShop(server, admin.token, seller.shopId, { status: 'active', is_verified: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SHOP_PHONE_NOT_VERIFIED', message: "The shop's phone must be verified by its owner before the shop can be activated." });
    expect(await shopRow(seller.shopId)).toEqual(before);
  });

  it('refuses it when the owner verified another phone than the shop\'s', async () => {
    const seller = await signUpSeller(server);
    await verifyPhone(server, seller.token, '+212699999001');
    const res = await patchShop(server, manager.token, seller.shopId, { status: 'active' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SHOP_PHONE_NOT_VERIFIED');
    expect((await shopRow(seller.shopId)).status).toBe('pending');
  });

  it('activates it once the owner verified the shop\'s phone (admin), announced and pulled', async () => {
    const seller = await signUpSeller(server);
    await verifyPhone(server, seller.token, seller.phone);
    const before = (await pullAll(server.url, 'shops', 200)).documents.map((d) => d.id);
    expect(before).not.toContain(String(seller.shopId));
    const { result: res, announced } = await announcedDuring(() => patchShop(server, admin.token, seller.shopId, { status: 'active', is_verified: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ success: true, message: 'Shop updated', data: { id: seller.shopId, status: 'active', is_verified: true, is_featured: false } });
    expect(announced).toContainEqual(expect.objectContaining({ collection: 'shops', checkpoint: expect.objectContaining({ id: String(seller.shopId) }) }));
    const pulled = (await pullAll(server.url, 'shops', 200)).documents.find((d) => d.id === String(seller.shopId));
    expect(pulled).toMatchObject({ status: 'active', is_verified: true, _deleted: false });
    // Public now.
    expect((await fetch(`${server.url}/api/shops/${seller.slug}`)).status).toBe(200);
  });

  it('lets a manager activate too, and suspend and reactivate without asking for the phone again', async () => {
    const seller = await signUpSeller(server);
    await verifyPhone(server, seller.token, seller.phone);
    expect((await patchShop(server, manager.token, seller.shopId, { status: 'active' })).body.data.status).toBe('active');
    // The owner changes their verified phone afterwards: reactivation does not re-check it.
    await verifyPhone(server, seller.token, '+212699999002');
    expect((await patchShop(server, manager.token, seller.shopId, { status: 'suspended', reason: 'Documents expired' })).body.data.status).toBe('suspended');
    const back = await patchShop(server, manager.token, seller.shopId, { status: 'active' });
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe('active');
  });
});

describe('PATCH /api/admin/shops/{id}: decisions on a shop', () => {
  it('sets is_verified and is_featured, stamps the shop and announces it; the pull carries it', async () => {
    const shop = await server.db.kysely.selectFrom('shops').select(['id', 'updated_at', 'is_featured', 'is_verified']).where('status', '=', 'active').where('is_featured', '=', 0).where('is_verified', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const { result: res, announced } = await announcedDuring(() => patchShop(server, admin.token, shop.id, { is_verified: true, is_featured: true }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: shop.id, is_verified: true, is_featured: true, status: 'active' });
    const row = await shopRow(shop.id);
    expect(Number(row.updated_at)).toBeGreaterThan(Number(shop.updated_at));
    expect(announced).toEqual([{ collection: 'shops', checkpoint: { updatedAt: Number(row.updated_at), id: String(shop.id) } }]);
    const pulled = (await pullAll(server.url, 'shops', 200)).documents.find((d) => d.id === String(shop.id));
    expect(pulled).toMatchObject({ is_verified: true, is_featured: true });
    // Back, by a manager.
    expect((await patchShop(server, manager.token, shop.id, { is_verified: false, is_featured: false })).body.data).toMatchObject({ is_verified: false, is_featured: false });
  });

  it('writes nothing and announces nothing when the decisions change nothing', async () => {
    const shop = await server.db.kysely.selectFrom('shops').selectAll().where('status', '=', 'active').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const { result: res, announced } = await announcedDuring(() => patchShop(server, admin.token, shop.id, { status: 'active', is_verified: shop.is_verified === 1 }));
    expect(res.status).toBe(200);
    expect(announced).toEqual([]);
    expect(await shopRow(shop.id)).toEqual(shop);
  });

  it('takes texts and decisions together', async () => {
    const shop = await server.db.kysely.selectFrom('shops').select('id').where('status', '=', 'active').orderBy('id').limit(1).offset(1).executeTakeFirstOrThrow();
    const res = await patchShop(server, admin.token, shop.id, { status: 'suspended', reason: 'Under review', names: { fr: 'Maison Test', en: 'Test House' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'suspended', names: expect.objectContaining({ fr: 'Maison Test', en: 'Test House' }) });
    expect((await patchShop(server, admin.token, shop.id, { status: 'active' })).body.data.status).toBe('active');
  });

  it('refuses a guest 401 and a buyer or a seller 403, writing nothing', async () => {
    const shop = await server.db.kysely.selectFrom('shops').selectAll().where('owner_user_id', 'is not', null).where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    const buyer = await registerBuyer(server, 'buyer');
    const seller = await sellerLogin(server, 0);
    expect((await patchShop(server, null, shop.id, { status: 'suspended' })).status).toBe(401);
    for (const who of [buyer, seller]) {
      const res = await patchShop(server, who.token, shop.id, { status: 'suspended' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      // Their own shop too.
      expect((await patchShop(server, who.token, seller.shop.id, { is_featured: true })).status).toBe(403);
    }
    // A signed-up seller cannot activate their own pending shop.
    const pending = await signUpSeller(server);
    await verifyPhone(server, pending.token, pending.phone);
    expect((await patchShop(server, pending.token, pending.shopId, { status: 'active' })).status).toBe(403);
    expect((await shopRow(pending.shopId)).status).toBe('pending');
    expect(await shopRow(shop.id)).toEqual(shop);
  });

  it('answers an unknown or malformed id 404 SHOP_NOT_FOUND', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      const res = await patchShop(server, admin.token, id, { status: 'suspended', reason: 'Unknown shop' });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('SHOP_NOT_FOUND');
    }
  });

  it('refuses a bad body 422 VALIDATION naming the field, writing nothing', async () => {
    const shop = await server.db.kysely.selectFrom('shops').selectAll().where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    const cases: [unknown, string, string][] = [
      [{ status: 'pending' }, 'status', 'The selected status is invalid.'],
      [{ status: 'closed' }, 'status', 'The selected status is invalid.'],
      [{ status: null }, 'status', 'The selected status is invalid.'],
      [{ is_verified: 'yes' }, 'is_verified', 'The is verified field must be true or false.'],
      [{ is_featured: 1 }, 'is_featured', 'The is featured field must be true or false.'],
      [{ status: 'active', names: 'Souk' }, 'names', 'The names must be an object with the keys ma, ar, fr, en, es, de.'],
      [{}, 'names', 'The names field is required.'],
      [[], '(body)', 'The request body must be a JSON object.'],
    ];
    for (const [body, parameter, message] of cases) {
      const res = await patchShop(server, admin.token, shop.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ parameter, message });
    }
    expect(await shopRow(shop.id)).toEqual(shop);
  });
});
