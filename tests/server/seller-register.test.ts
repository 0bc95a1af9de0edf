/**
 * Seller sign-up (issue 23, docs/SELLERS.md "Sign-up and shop status"): POST /api/seller/register as a signed-in
 * user → 201 with the new shop in the public shop shape, status pending, spec §2's slug (unique), the user now a
 * seller whose session (bearer and cookie) carries the role at once; a second sign-up 409, a bad body 422 naming the
 * field, a guest 401, an operator 403. The pending shop is its owner's alone: not in the shop list, its page, or pulls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, cookieSession, requestJson } from '../helpers/auth';
import { adminLogin, call, registerBuyer, sellerLogin, type Account, type AccountServer, type ErrorBody, startAccountServer } from './support/account-server';
import { getJson } from './support/http';
import { pullAll } from './support/pull-all';
import { register, signupBody, type ShopAnswer } from './support/seller-signup';

let server: AccountServer;
let admin: Account;

beforeAll(async () => {
  server = await startAccountServer({ products: 10 });
  admin = await adminLogin(server);
});
afterAll(async () => {
  await server?.close();
});

const role = async (userId: number) => (await server.db.kysely.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow()).role;

describe('POST /api/seller/register', () => {
  it('creates a pending shop in the public shape and makes the user a seller, whose bearer session works as a seller at once', async () => {
    const buyer = await registerBuyer(server, 'future-seller');
    expect((await call(server, 'GET', '/api/seller/shop', { token: buyer.token })).status).toBe(403);
    const res = await register(server, buyer.token, signupBody({ shop_name: '  Dar   El Fassia ', shop_name_ar: 'دار الفاسية', phone: '06 12 34 56 78', store_type: 'company', city: 'Fes', description: 'Caftans.' }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
    // `name` is in the request's language (Darija by default, which falls back to the Arabic name); `names` has both.
    expect(res.body.data).toMatchObject({
      name: 'دار الفاسية',
      name_ar: 'دار الفاسية',
      names: { en: 'Dar   El Fassia', ar: 'دار الفاسية' },
      slug: 'dar-el-fassia',
      status: 'pending',
      is_verified: false,
      is_featured: false,
      description: 'Caftans.',
      location: 'Fes, Morocco',
      products_count: 0,
      store_type: { code: 'company' },
    });
    const row = await server.db.kysely.selectFrom('shops').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', phone: '+212612345678', owner_user_id: buyer.userId, address: '12 Derb Sidi Ahmed', deleted: 0 });
    expect(await role(buyer.userId)).toBe('seller');

    // The same token, the next request: the seller's own shop, status included.
    const own = await call<ShopAnswer>(server, 'GET', '/api/seller/shop', { token: buyer.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: res.body.data.id, status: 'pending', slug: 'dar-el-fassia' });
    const profile = await call<{ user: { role: string } }>(server, 'GET', '/api/user/profile', { token: buyer.token });
    expect(profile.body.user.role).toBe('seller');
  });

  it('keeps a cookie session working with the new role (the sign-up itself over the cookie, CSRF token included)', async () => {
    const buyer = await registerBuyer(server, 'cookie-seller');
    const jar = await cookieSession(server.url, buyer.token);
    const withoutCsrf = await requestJson(server.url, 'POST', '/api/seller/register', signupBody(), { cookie: `souk_session=${jar.session}` });
    expect(withoutCsrf.status).toBe(419);
    const res = await register(server, null, signupBody(), jar.headers);
    expect(res.status).toBe(201);
    const own = await requestJson<ShopAnswer>(server.url, 'GET', '/api/seller/shop', undefined, { cookie: `souk_session=${jar.session}` });
    expect(own.status).toBe(200);
    expect(own.body.data.status).toBe('pending');
    // The bearer session the cookie came from is a seller too.
    expect((await call(server, 'GET', '/api/seller/shop', { token: buyer.token })).status).toBe(200);
  });

  it('answers a second sign-up by the same user 409 SHOP_ALREADY_REGISTERED, writing nothing', async () => {
    const buyer = await registerBuyer(server, 'twice');
    expect((await register(server, buyer.token, signupBody())).status).toBe(201);
    const before = await server.db.kysely.selectFrom('shops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const again = await register(server, buyer.token, signupBody());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'SHOP_ALREADY_REGISTERED', message: 'You already have a shop.' });
    const after = await server.db.kysely.selectFrom('shops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers a seeded seller (who owns a shop) 409 too', async () => {
    const seller = await sellerLogin(server, 0);
    const res = await register(server, seller.token, signupBody());
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SHOP_ALREADY_REGISTERED');
  });

  it('makes slugs unique: -2, -3 on a clash with any shop, including a seeded one', async () => {
    const seeded = await server.db.kysely.selectFrom('shops').select(['slug', 'name']).where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await registerBuyer(server, `clash${i}`);
      const res = await register(server, buyer.token, signupBody({ shop_name: 'Souk Clash Test' }));
      expect(res.status).toBe(201);
      slugs.push(res.body.data.slug);
    }
    expect(slugs).toEqual(['souk-clash-test', 'souk-clash-test-2', 'souk-clash-test-3']);
    const buyer = await registerBuyer(server, 'clash-seeded');
    const res = await register(server, buyer.token, signupBody({ shop_name: seeded.name.toUpperCase() }));
    expect(res.status).toBe(201);
    expect(res.body.data.slug).toBe(`${seeded.slug}-2`);
  });

  it('keeps a slug to one path segment and never makes one that reads as an id', async () => {
    const a = await registerBuyer(server, 'slash');
    const slash = await register(server, a.token, signupBody({ shop_name: 'Fes / Meknes 100%?' }));
    expect(slash.status).toBe(201);
    expect(slash.body.data.slug).toBe('fes-meknes-100');
    const b = await registerBuyer(server, 'digits');
    const digits = await register(server, b.token, signupBody({ shop_name: '2024' }));
    expect(digits.status).toBe(201);
    expect(digits.body.data.slug).toBe('2024-2');
  });

  it('refuses a guest 401 and an admin or a manager 403 OPERATOR_CANNOT_SELL, roles unchanged', async () => {
    expect((await register(server, null, signupBody())).status).toBe(401);
    const manager = await registerBuyer(server, 'manager');
    await server.db.kysely.updateTable('users').set({ role: 'manager' }).where('id', '=', manager.userId).execute();
    for (const who of [admin, manager]) {
      const res = await register(server, who.token, signupBody());
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'OPERATOR_CANNOT_SELL', message: 'An admin or manager account cannot open a shop.' });
    }
    expect(await role(admin.userId)).toBe('admin');
    expect(await role(manager.userId)).toBe('manager');
    // Even with a bad body: the role is settled first.
    expect((await register(server, admin.token, {})).status).toBe(403);
  });

  it('refuses bad input 422 VALIDATION naming each field, writing nothing and keeping the role', async () => {
    const buyer = await registerBuyer(server, 'bad-input');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ shop_name: undefined }, 'shop_name', 'The shop name field is required.'],
      [{ shop_name: '   ' }, 'shop_name', 'The shop name field is required.'],
      [{ shop_name: 'x'.repeat(201) }, 'shop_name', 'The shop name may not be greater than 200 characters.'],
      [{ shop_name: 'Bad\u0007Name' }, 'shop_name', 'The shop name must not contain control characters.'],
      [{ shop_name: 42 }, 'shop_name', 'The shop name must be a string.'],
      [{ shop_name_ar: 'x'.repeat(201) }, 'shop_name_ar', 'The shop name ar may not be greater than 200 characters.'],
      [{ store_type: undefined }, 'store_type', 'The store type field is required.'],
      [{ store_type: 'boutique' }, 'store_type', 'The selected store type is invalid.'],
      [{ city: '' }, 'city', 'The city field is required.'],
      [{ address: undefined }, 'address', 'The address field is required.'],
      [{ address: 'y'.repeat(256) }, 'address', 'The address may not be greater than 255 characters.'],
      [{ phone: undefined }, 'phone', 'The phone field is required.'],
      [{ phone: 'call me' }, 'phone', 'The phone must be a valid phone number.'],
      [{ phone: '+33612345678' }, 'phone', 'The selected phone is invalid.'],
      [{ description: 'd'.repeat(5001) }, 'description', 'The description may not be greater than 5000 characters.'],
    ];
    for (const [override, parameter, message] of cases) {
      const res = await register(server, buyer.token, signupBody(override));
      expect(res.status, parameter).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
      expect(res.body.errors, JSON.stringify(override)).toContainEqual({ parameter, message });
    }
    for (const body of [null, [], 'shop']) {
      const res = await requestJson<ErrorBody>(server.url, 'POST', '/api/seller/register', JSON.stringify(body), { ...authHeaders(buyer.token), 'content-type': 'application/json' });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[0]?.parameter).toBe('(body)');
    }
    expect(await role(buyer.userId)).toBe('user');
    expect(await server.db.kysely.selectFrom('shops').select('id').where('owner_user_id', '=', buyer.userId).executeTakeFirst()).toBeUndefined();
  });

  it('keeps a pending shop out of the public shop list, its page and the shops pull', async () => {
    const buyer = await registerBuyer(server, 'hidden');
    const res = await register(server, buyer.token, signupBody({ shop_name: 'Pending Hidden Atelier' }));
    expect(res.status).toBe(201);
    const { id, slug } = res.body.data;
    const list = await getJson<{ data: { id: number }[] }>(server.url, '/api/shops?search=Pending%20Hidden&per_page=50');
    expect(list.status).toBe(200);
    expect(list.body.data.map((s) => s.id)).not.toContain(id);
    for (const key of [slug, String(id), 'Pending Hidden Atelier']) {
      expect((await getJson(server.url, `/api/shops/${encodeURIComponent(key)}`)).status, key).toBe(404);
    }
    const pulled = await pullAll(server.url, 'shops', 100);
    expect(pulled.documents.map((d) => d.id)).not.toContain(String(id));
  });
});
