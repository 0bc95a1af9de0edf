/**
 * The seller's shop: GET /api/seller/shop answers the caller's own shop; PUT
 * /api/seller/shops/:id lets its owner (or an admin) edit descriptions,
 * address and city, as a replicated write that sync pulls and the live stream
 * see. Anyone else is refused and the row stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import type { ShopResponse } from '../../src/server/http/shop-response';
import {
  adminLogin,
  call,
  registerBuyer,
  sellerLogin,
  startAccountServer,
  type Account,
  type AccountServer,
  type ErrorBody,
  type SellerAccount,
} from './support/account-server';
import { pullAll } from './support/pull-all';
import { readSse, type SseFrame } from './support/sse';

interface ShopReply {
  status: string;
  message?: string;
  data: ShopResponse;
}

let server: AccountServer;
let sellerX: SellerAccount;
let sellerY: SellerAccount;
let buyer: Account;
let admin: Account;
beforeAll(async () => {
  server = await startAccountServer({ products: 30 });
  sellerX = await sellerLogin(server, 0);
  sellerY = await sellerLogin(server, 1);
  buyer = await registerBuyer(server, 'shopper');
  admin = await adminLogin(server);
});
afterAll(async () => {
  await server?.close();
});

const shopRow = (id: number) => server.db.kysely.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const put = (token: string | null, id: number | string, body: unknown) =>
  call<ShopReply & ErrorBody>(server, 'PUT', `/api/seller/shops/${id}`, { token, body });

describe('GET /api/seller/shop', () => {
  it("answers the seller's own shop in the public shop shape, no-store", async () => {
    const res = await call<ShopReply>(server, 'GET', '/api/seller/shop', { token: sellerX.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({ id: sellerX.shop.id, slug: sellerX.shop.slug });
    // In the request's language (Darija here: no locale, Referer or Accept-Language), with every language's name.
    expect(res.body.data.names.en).toBe(sellerX.shop.name);
    expect(res.body.data.name).toBe(res.body.data.names.ma);
    const publicView = await call<{ data: ShopResponse }>(server, 'GET', `/api/shops/${sellerX.shop.id}`);
    // Issue 24: plus the operator's reason for a rejection or suspension (none here), which only the seller sees.
    const { status_reason: statusReason, ...shape } = res.body.data as ShopResponse & { status_reason: string | null };
    expect(statusReason).toBeNull();
    expect(shape).toEqual(publicView.body.data);
    expect(sellerX.user.shop).toEqual({ id: sellerX.shop.id, slug: sellerX.shop.slug, name: sellerX.shop.name });
  });

  it('is 403 for a buyer and an admin (no shop of their own), 401 for a guest', async () => {
    for (const token of [buyer.token, admin.token]) {
      const res = await call<ErrorBody>(server, 'GET', '/api/seller/shop', { token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'You are not authorized to perform this action.' });
    }
    const guest = await call<ErrorBody>(server, 'GET', '/api/seller/shop');
    expect(guest.status).toBe(401);
    expect(guest.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PUT /api/seller/shops/:id', () => {
  it('lets the owner edit the details (trimmed), bumps updated_at, announces the change, and a pull carries it', async () => {
    const before = await shopRow(sellerX.shop.id);
    const { checkpoint } = await pullAll(server.url, 'shops');
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((change) => announced.push(change));
    try {
      const res = await put(sellerX.token, sellerX.shop.id, {
        description: '  Handmade kaftans from Fès, since 1998.  ',
        description_ar: 'قفاطين مصنوعة يدوياً',
        address: '  14 Derb Sidi Ahmed  ',
        city: 'Fès',
        name: 'Renamed',
        rating: 5,
        is_verified: true,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toMatchObject({ status: 'success', message: 'Shop updated' });
      expect(res.body.data).toMatchObject({
        id: sellerX.shop.id,
        name_ar: before.name_ar,
        description_ar: 'قفاطين مصنوعة يدوياً',
        location: 'Fès, Morocco',
        is_verified: before.is_verified === 1,
      });
      expect(res.body.data.profile.store_locations).toEqual([{ address: '14 Derb Sidi Ahmed', city: 'Fès' }]);

      const after = await shopRow(sellerX.shop.id);
      // The spec's pair is the descriptions' English and Arabic: the map changes with them, its other languages stay.
      const descriptions = { ...(JSON.parse(before.descriptions_json) as Record<string, string>), en: 'Handmade kaftans from Fès, since 1998.', ar: 'قفاطين مصنوعة يدوياً' };
      expect(after).toEqual({
        ...before,
        description: 'Handmade kaftans from Fès, since 1998.',
        description_ar: 'قفاطين مصنوعة يدوياً',
        descriptions_json: after.descriptions_json,
        address: '14 Derb Sidi Ahmed',
        city: 'Fès',
        updated_at: after.updated_at,
      });
      expect(JSON.parse(after.descriptions_json)).toEqual(descriptions);
      expect(res.body.data.descriptions).toEqual(descriptions);
      expect(Number(after.updated_at)).toBeGreaterThan(checkpoint?.updatedAt ?? 0);
      expect(announced).toEqual([{ collection: 'shops', checkpoint: { updatedAt: Number(after.updated_at), id: String(sellerX.shop.id) } }]);
    } finally {
      unsubscribe();
    }

    const pulled = await pullAll(server.url, 'shops', 500, checkpoint);
    expect(pulled.documents).toHaveLength(1);
    expect(pulled.documents[0]).toMatchObject({
      id: String(sellerX.shop.id),
      description: 'Handmade kaftans from Fès, since 1998.',
      address: '14 Derb Sidi Ahmed',
      city: 'Fès',
      _deleted: false,
    });
  });

  it('pokes live clients on /api/sync/stream with the shops checkpoint', async () => {
    const abort = new AbortController();
    const res = await fetch(`${server.url}/api/sync/stream?v=1`, { signal: abort.signal });
    if (!res.body) throw new Error('no stream body');
    const reader = readSse(res.body, abort);
    const isEvent = (type: string) => (f: SseFrame) => f.kind === 'data' && (f.data as { type?: string }).type === type;
    try {
      await reader.next(isEvent('hello'));
      const updated = await put(sellerX.token, sellerX.shop.id, { city: 'Chefchaouen' });
      expect(updated.status).toBe(200);
      const changed = await reader.next(isEvent('changed'));
      const row = await shopRow(sellerX.shop.id);
      expect(changed.kind === 'data' ? changed.data : null).toEqual({
        v: 1,
        type: 'changed',
        collection: 'shops',
        checkpoint: { updatedAt: Number(row.updated_at), id: String(sellerX.shop.id) },
      });
    } finally {
      reader.close();
    }
  });

  it('changes only the fields given', async () => {
    const before = await shopRow(sellerX.shop.id);
    const res = await put(sellerX.token, sellerX.shop.id, { description_ar: 'وصف جديد' });
    expect(res.status).toBe(200);
    const after = await shopRow(sellerX.shop.id);
    expect(after).toEqual({ ...before, description_ar: 'وصف جديد', descriptions_json: after.descriptions_json, updated_at: after.updated_at });
    expect(JSON.parse(after.descriptions_json)).toEqual({ ...(JSON.parse(before.descriptions_json) as Record<string, string>), ar: 'وصف جديد' });
  });

  it("refuses another seller's shop with 403 FORBIDDEN and leaves the row as it was", async () => {
    const before = await shopRow(sellerY.shop.id);
    for (const body of [{ description: 'Hijacked' }, { city: '' }, {}]) {
      const res = await put(sellerX.token, sellerY.shop.id, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'FORBIDDEN', message: 'You are not authorized to perform this action.' });
    }
    expect(await shopRow(sellerY.shop.id)).toEqual(before);
  });

  it('refuses a buyer (403) and a guest (401), changing nothing', async () => {
    const before = await shopRow(sellerY.shop.id);
    const asBuyer = await put(buyer.token, sellerY.shop.id, { description: 'Hijacked' });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe('FORBIDDEN');
    const asGuest = await put(null, sellerY.shop.id, { description: 'Hijacked' });
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.code).toBe('UNAUTHENTICATED');
    expect(await shopRow(sellerY.shop.id)).toEqual(before);
  });

  it('lets an admin edit any shop', async () => {
    const res = await put(admin.token, sellerY.shop.id, { city: 'Marrakech' });
    expect(res.status).toBe(200);
    expect(res.body.data.location).toBe('Marrakech, Morocco');
    expect((await shopRow(sellerY.shop.id)).city).toBe('Marrakech');
  });

  it('is 404 SHOP_NOT_FOUND for an unknown, malformed or deleted shop, never 5xx', async () => {
    for (const id of ['999999', '0', '-3', 'abc', '1.5', '007', '99999999999']) {
      const res = await put(admin.token, id, { city: 'Nowhere' });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'SHOP_NOT_FOUND', message: 'Shop not found' });
    }
    const z = await sellerLogin(server, 2);
    await server.db.kysely.updateTable('shops').set({ deleted: 1 }).where('id', '=', z.shop.id).execute();
    const before = await shopRow(z.shop.id);
    const res = await put(z.token, z.shop.id, { city: 'Nowhere' });
    expect(res.status).toBe(404);
    expect(await shopRow(z.shop.id)).toEqual(before);
    const own = await call<ErrorBody>(server, 'GET', '/api/seller/shop', { token: z.token });
    expect(own.status).toBe(404);
    expect(own.body.code).toBe('SHOP_NOT_FOUND');
  });

  it.each([
    [{ description: 'd'.repeat(2001) }, 'description', 'The description may not be greater than 2000 characters.'],
    [{ description_ar: 'د'.repeat(2001) }, 'description_ar', 'The description ar may not be greater than 2000 characters.'],
    [{ description: 42 }, 'description', 'The description must be a string.'],
    [{ address: 'a'.repeat(201) }, 'address', 'The address may not be greater than 200 characters.'],
    [{ address: '   ' }, 'address', 'The address field is required.'],
    [{ city: '' }, 'city', 'The city field is required.'],
    [{ city: 'c'.repeat(101) }, 'city', 'The city may not be greater than 100 characters.'],
    [{ city: null }, 'city', 'The city must be a string.'],
  ])("refuses %j (%s) from the owner and changes nothing", async (body, parameter, message) => {
    const before = await shopRow(sellerX.shop.id);
    const res = await put(sellerX.token, sellerX.shop.id, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    expect(res.body.errors).toEqual([{ parameter, message }]);
    expect(await shopRow(sellerX.shop.id)).toEqual(before);
  });

  it('lets the owner clear a description', async () => {
    const res = await put(sellerX.token, sellerX.shop.id, { description: '' });
    expect(res.status).toBe(200);
    const row = await shopRow(sellerX.shop.id);
    expect(row.description).toBe('');
    expect(JSON.parse(row.descriptions_json)).not.toHaveProperty('en');
  });
});
