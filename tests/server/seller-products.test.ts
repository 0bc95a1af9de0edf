/**
 * The seller's products (docs/SELLERS.md "Products"): who may do what, creating a product with every derived
 * column right, editing, unpublishing (orders keep their lines), the list with its filters, and the sync pull,
 * the live stream's announcements and the denormalised counts carrying each write. Variants, images and CSV have
 * their own files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionChange } from '../../src/server/changes/change-notifier';
import { searchText } from '../../src/domain/search';
import { adminLogin, login, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { pullAll } from './support/pull-all';
import { api, categoriesOf, productBody, uniqueSku, type SellerListReply, type SellerReply } from './support/seller-products';

let server: AccountServer;
let seller: SellerAccount;
let other: SellerAccount;
let buyer: Account;
let admin: Account;
let cats: Awaited<ReturnType<typeof categoriesOf>>;

beforeAll(async () => {
  server = await startAccountServer({ products: 30 });
  seller = await sellerLogin(server, 0);
  other = await sellerLogin(server, 1);
  buyer = await registerBuyer(server, 'shopper');
  admin = await adminLogin(server);
  cats = await categoriesOf(server);
});
afterAll(async () => {
  await server?.close();
});

const productRow = (id: number) => server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shopCount = async (id: number) => (await server.db.kysely.selectFrom('shops').select('products_count').where('id', '=', id).executeTakeFirstOrThrow()).products_count;
const categoryCount = async (id: number) => (await server.db.kysely.selectFrom('categories').select('item_count').where('id', '=', id).executeTakeFirstOrThrow()).item_count;
const create = async (token: string, overrides: Record<string, unknown> = {}) => {
  const res = await api(server, 'POST', '/api/seller/products', { token, body: productBody(cats.sub.id, overrides) });
  if (res.status !== 201) throw new Error(`create → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

describe('who may use /api/seller/products', () => {
  let theirs: number;
  beforeAll(async () => {
    theirs = (await create(other.token)).id;
  });

  it.each([
    ['GET', '/api/seller/products'],
    ['POST', '/api/seller/products'],
    ['GET', '/api/seller/products/1'],
    ['PATCH', '/api/seller/products/1'],
    ['DELETE', '/api/seller/products/1'],
    ['POST', '/api/seller/products/1/variants'],
    ['PATCH', '/api/seller/products/1/variants/1'],
    ['DELETE', '/api/seller/products/1/variants/1'],
  ] as const)('%s %s: a guest gets 401, a buyer and an admin 403', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : { stock: 1 };
    const guest = await api(server, method, path, { body });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('UNAUTHENTICATED');
    for (const account of [buyer, admin]) {
      const res = await api(server, method, path, { token: account.token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it("answers another seller's product as 404 and leaves it as it was", async () => {
    const before = await productRow(theirs);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { price: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(server, method, `/api/seller/products/${theirs}`, { token: seller.token, body });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }
    expect(await productRow(theirs)).toEqual(before);
  });

  it('answers a seller without a shop with 404 SHOP_NOT_FOUND', async () => {
    const shopless = await registerBuyer(server, 'shopless');
    await server.db.kysely.updateTable('users').set({ role: 'seller' }).where('id', '=', shopless.userId).execute();
    const token = await login(server, shopless.email, shopless.password);
    for (const [method, path, body] of [
      ['GET', '/api/seller/products', undefined],
      ['POST', '/api/seller/products', productBody(cats.sub.id)],
    ] as const) {
      const res = await api(server, method, path, { token, body });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SHOP_NOT_FOUND');
    }
  });

  it('answers a missing or malformed id as 404', async () => {
    for (const id of ['999999999', 'abc', '0']) {
      const res = await api(server, 'GET', `/api/seller/products/${id}`, { token: seller.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    }
  });
});

describe('POST /api/seller/products', () => {
  it('creates the product in the shape of the details route, every derived column right, counted and announced', async () => {
    const shopBefore = await shopCount(seller.shop.id);
    const categoryBefore = await categoryCount(cats.sub.id);
    const { checkpoint } = await pullAll(server.url, 'products');
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((change) => announced.push(change));
    const res = await api(server, 'POST', '/api/seller/products?locale=en', { token: seller.token, body: productBody(cats.sub.id) });
    unsubscribe();
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body.data;
    expect(data).toMatchObject({
      name: 'Blue silk kaftan',
      names: { en: 'Blue silk kaftan', fr: 'Caftan en soie bleu', ar: 'قفطان حريري أزرق' },
      name_ar: 'قفطان حريري أزرق',
      descriptions: { en: 'Hand embroidered.' },
      category_id: cats.sub.id,
      gender: cats.sub.gender,
      price: 1200,
      has_discount: true,
      discount_price: 999.5,
      discount_percentage: 17,
      colors: ['white', 'blue'],
      sizes: ['M', 'L'],
      fabrics: ['Silk'],
      stock_quantity: 13,
      in_stock: true,
      handmade: true,
      customizable: false,
      is_express: true,
      made_in: 'Morocco',
      shipping_from: 'Fes, Morocco',
      published: true,
      visible: true,
      low_stock_threshold: 3,
      images: [],
      main_image: '',
    });
    expect(data.variants).toHaveLength(4);
    const white = data.variants.find((v) => v.size === 'M' && v.color === 'white');
    expect(white).toMatchObject({ price: 1250, stock_quantity: 0 });
    expect(data.variants.find((v) => v.size === 'M' && v.color === 'blue')).toMatchObject({ price: 1200, sku: `${data.sku}-M-BLU-SIL` });
    // The details route answers the same product.
    const details = await api<{ data: unknown }>(server, 'GET', `/api/products/${data.id}/details?locale=en`);
    expect(details.status).toBe(200);
    const { published, visible, low_stock_threshold: threshold, moderation_reason: moderationReason, ...shape } = data;
    expect([published, visible, threshold, moderationReason]).toEqual([true, true, 3, null]);
    expect(details.body.data).toEqual(shape);
    // The stored columns the listing, facets and search read.
    const row = await productRow(data.id);
    expect(row).toMatchObject({
      shop_id: seller.shop.id,
      price_cents: 120000,
      discount_cents: 99950,
      effective_cents: 99950,
      has_discount: 1,
      discount_percent: 17,
      colors_mask: 0b1010, // white (bit 1), blue (bit 3) of COLORS
      sizes_mask: 0b1100,
      fabrics_mask: 0b10,
      stock_quantity: 13,
      in_stock: 1,
      published: 1,
      deleted: 0,
      low_stock_threshold: 3,
      name: 'Blue silk kaftan',
      search_text: searchText(['قفطان حريري أزرق', 'Caftan en soie bleu', 'Blue silk kaftan']),
    });
    expect(JSON.parse(row.names_json)).toEqual({ ar: 'قفطان حريري أزرق', fr: 'Caftan en soie bleu', en: 'Blue silk kaftan' });
    // Counted, pulled and announced.
    expect(await shopCount(seller.shop.id)).toBe(shopBefore + 1);
    expect(await categoryCount(cats.sub.id)).toBe(categoryBefore + 1);
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.map((d) => d.id)).toContain(String(data.id));
    expect(announced).toContainEqual({ collection: 'products', checkpoint: { updatedAt: row.updated_at, id: String(data.id) } });
    expect(announced.map((c) => c.collection).sort()).toEqual(['categories', 'products', 'shops']);
    // Found by the public search.
    const search = await api<{ data: { id: number }[] }>(server, 'GET', `/api/products/all?search=${encodeURIComponent('soie')}&shop=${seller.shop.id}&per_page=100`);
    expect(search.body.data.map((p) => p.id)).toContain(data.id);
  });

  it('takes the spec pair, its own SKU and a threshold; a variant without price takes the product price', async () => {
    const sku = uniqueSku('P');
    const data = await create(seller.token, { names: undefined, descriptions: undefined, name: 'Plain djellaba', name_ar: 'جلابة', sku, discount_price: null, low_stock_threshold: 5 });
    expect(data).toMatchObject({ sku, names: { en: 'Plain djellaba', ar: 'جلابة' }, has_discount: false, discount_price: null, low_stock_threshold: 5 });
    expect(data.variants.every((v) => v.sku.startsWith(`${sku}-`) || !v.sku.startsWith('P'))).toBe(true);
  });

  it.each([
    [{ names: undefined }, 'names', 'The names field is required.'],
    [{ names: { xx: 'a' } }, 'names', 'The names may only hold the languages ma, ar, fr, en, es, de.'],
    [{ category_id: undefined }, 'category_id', 'The category id field is required.'],
    [{ category_id: 'x' }, 'category_id', 'The selected category id is invalid.'],
    [{ price: undefined }, 'price', 'The price field is required.'],
    [{ price: 0 }, 'price', 'The price must be greater than 0.'],
    [{ price: 10.005 }, 'price', 'The price must be a number of MAD with at most 2 decimals.'],
    [{ price: -1 }, 'price', 'The price must be a number of MAD with at most 2 decimals.'],
    [{ discount_price: 1200 }, 'discount_price', 'The discount price must be less than the price.'],
    [{ handmade: 'yes' }, 'handmade', 'The handmade field must be true or false.'],
    [{ made_in: 'x'.repeat(101) }, 'made_in', 'The made in may not be greater than 100 characters.'],
    [{ low_stock_threshold: -1 }, 'low_stock_threshold', 'The low stock threshold must be a whole number from 0 to 10000.'],
    [{ sku: 'has space' }, 'sku', 'The sku may only hold 1 to 64 letters, digits, ".", "_" and "-".'],
    [{ variants: undefined }, 'variants', 'A product needs at least one variant.'],
    [{ variants: [] }, 'variants', 'A product needs at least one variant.'],
    [{ variants: [{ size: 'XXXL', color: 'blue', fabric: 'Silk', stock: 1 }] }, 'variants.0.size', 'The selected size is invalid.'],
    [{ variants: [{ size: 'M', color: 'purple', fabric: 'Silk', stock: 1 }] }, 'variants.0.color', 'The selected color is invalid.'],
    [{ variants: [{ size: 'M', color: 'blue', fabric: 'Denim', stock: 1 }] }, 'variants.0.fabric', 'The selected fabric is invalid.'],
    [{ variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1.5 }] }, 'variants.0.stock', 'The stock must be a whole number from 0 to 1000000.'],
    [{ variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1, extra: 1 }] }, 'variants.0', 'A variant may only hold size, color, fabric, price, stock and sku.'],
    [
      { variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1 }, { size: 'M', color: 'blue', fabric: 'Silk', stock: 2 }] },
      'variants.1.size',
      'Each variant needs its own size, color and fabric.',
    ],
    [
      { variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 1, sku: 'DUP-1' }, { size: 'L', color: 'blue', fabric: 'Silk', stock: 2, sku: 'DUP-1' }] },
      'variants.1.sku',
      'The sku has already been taken.',
    ],
    [{ colour: 'blue' }, '(body)', 'Unknown fields: colour.'],
  ])('refuses %j: 422 naming %s, nothing written', async (overrides, parameter, message) => {
    const before = await server.db.kysely.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await api(server, 'POST', '/api/seller/products', { token: seller.token, body: productBody(cats.sub.id, overrides) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.errors).toContainEqual({ parameter, message });
    const after = await server.db.kysely.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a top category, a missing category and SKUs already taken (by this shop or another)', async () => {
    const theirs = await create(other.token);
    const mine = await create(seller.token);
    const theirVariantSku = theirs.variants[0]?.sku ?? '';
    for (const [overrides, parameter, message] of [
      [{ category_id: cats.top }, 'category_id', 'The selected category id is invalid.'],
      [{ category_id: 99999999 }, 'category_id', 'The selected category id is invalid.'],
      [{ sku: theirs.sku }, 'sku', 'The sku has already been taken.'],
      [{ sku: mine.sku }, 'sku', 'The sku has already been taken.'],
      [{ variants: [{ size: 'S', color: 'red', fabric: 'Wool', stock: 1, sku: theirVariantSku }] }, 'variants.0.sku', 'The sku has already been taken.'],
    ] as const) {
      const res = await api(server, 'POST', '/api/seller/products', { token: seller.token, body: productBody(cats.sub.id, overrides) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ parameter, message }]);
    }
  });

  it('refuses a body that is not an object', async () => {
    const res = await api(server, 'POST', '/api/seller/products', { token: seller.token, body: [1] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ parameter: '(body)', message: 'The request body must be a JSON object.' }]);
  });

  it('with an Idempotency-Key, creates once and answers a repeat with the same reply', async () => {
    const key = `create-${uniqueSku()}`;
    const body = productBody(cats.sub.id);
    const first = await api(server, 'POST', '/api/seller/products', { token: seller.token, body, headers: { 'idempotency-key': key } });
    const again = await api(server, 'POST', '/api/seller/products', { token: seller.token, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const named = await server.db.kysely.selectFrom('products').select('id').where('sku', '=', first.body.data.sku).execute();
    expect(named).toHaveLength(1);
  });
});

describe('a shop that is not active', () => {
  it("lets its seller prepare products that stay out of the public catalogue and its counts", async () => {
    const pending = await sellerLogin(server, 2);
    await server.db.kysely.updateTable('shops').set({ status: 'pending' }).where('id', '=', pending.shop.id).execute();
    const [shopBefore, categoryBefore] = [await shopCount(pending.shop.id), await categoryCount(cats.sub.id)];
    const made = await create(pending.token);
    expect(made).toMatchObject({ published: true, visible: false });
    expect(await productRow(made.id)).toMatchObject({ published: 1, deleted: 1 });
    expect((await api(server, 'GET', `/api/products/${made.id}/details`)).status).toBe(404);
    expect(await categoryCount(cats.sub.id)).toBe(categoryBefore);
    expect(await shopCount(pending.shop.id)).toBe(shopBefore);
    const listed = await api<SellerListReply>(server, 'GET', '/api/seller/products?status=published', { token: pending.token });
    expect(listed.body.data.map((p) => p.id)).toContain(made.id);
  });
});

describe('PATCH /api/seller/products/{id}', () => {
  it('changes only the fields given, keeps every derived column right, stamps and announces it', async () => {
    const made = await create(seller.token);
    const before = await productRow(made.id);
    const { checkpoint } = await pullAll(server.url, 'products');
    const announced: CollectionChange[] = [];
    const unsubscribe = server.db.changes.subscribe((change) => announced.push(change));
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}?locale=en`, {
      token: seller.token,
      body: { price: 1300, names: { de: 'Blauer Kaftan' }, category_id: cats.other.id, is_express: false },
    });
    unsubscribe();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: 1300, discount_price: 999.5, discount_percentage: 23, names: { de: 'Blauer Kaftan' }, is_express: false, gender: cats.other.gender, category_id: cats.other.id, handmade: true });
    // The variants' prices move with the product's.
    expect(res.body.data.variants.find((v) => v.size === 'M' && v.color === 'white')?.price).toBe(1350);
    expect(res.body.data.variants.find((v) => v.size === 'M' && v.color === 'blue')?.price).toBe(1300);
    const row = await productRow(made.id);
    expect(row).toMatchObject({ name: 'Blauer Kaftan', name_ar: 'Blauer Kaftan', search_text: searchText(['Blauer Kaftan']), effective_cents: 99950, discount_percent: 23, category_id: cats.other.id, gender: cats.other.gender });
    expect(row.updated_at).toBeGreaterThan(before.updated_at);
    expect(announced).toContainEqual({ collection: 'products', checkpoint: { updatedAt: row.updated_at, id: String(made.id) } });
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.find((d) => d.id === String(made.id))).toMatchObject({ price: 1300, category_id: cats.other.id });
  });

  it('moves the product between the categories’ counts when it changes category', async () => {
    const made = await create(seller.token);
    const [fromBefore, toBefore] = [await categoryCount(cats.sub.id), await categoryCount(cats.other.id)];
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}`, { token: seller.token, body: { category_id: cats.other.id } });
    expect(res.status).toBe(200);
    expect(await categoryCount(cats.sub.id)).toBe(fromBefore - 1);
    expect(await categoryCount(cats.other.id)).toBe(toBefore + 1);
  });

  it('replaces the variants when given: kept ones keep their ids, gone ones go', async () => {
    const made = await create(seller.token);
    const kept = made.variants.find((v) => v.size === 'M' && v.color === 'blue');
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}`, {
      token: seller.token,
      body: { variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 9 }, { size: 'XL', color: 'black', fabric: 'Wool', stock: 1 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.variants).toHaveLength(2);
    expect(res.body.data.variants.find((v) => v.size === 'M')).toMatchObject({ id: kept?.id, sku: kept?.sku, stock_quantity: 9 });
    expect(res.body.data).toMatchObject({ colors: ['black', 'blue'], sizes: ['M', 'XL'], fabrics: ['Silk', 'Wool'], stock_quantity: 10 });
  });

  it('writes nothing when nothing changes (updated_at stays)', async () => {
    const made = await create(seller.token);
    const before = await productRow(made.id);
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}`, { token: seller.token, body: { price: 1200, handmade: true } });
    expect(res.status).toBe(200);
    expect((await productRow(made.id)).updated_at).toBe(before.updated_at);
  });

  it.each([
    [{}, '(body)', 'Give at least one field to change.'],
    [{ discount_price: 1300 }, 'discount_price', 'The discount price must be less than the price.'],
    [{ price: 10, discount_price: 20 }, 'discount_price', 'The discount price must be less than the price.'],
    [{ category_id: 99999999 }, 'category_id', 'The selected category id is invalid.'],
    [{ names: { en: 'x'.repeat(201) } }, 'names.en', 'The names.en may not be greater than 200 characters.'],
  ])('refuses %j and leaves the product as it was', async (body, parameter, message) => {
    const made = await create(seller.token);
    const before = await productRow(made.id);
    const res = await api(server, 'PATCH', `/api/seller/products/${made.id}`, { token: seller.token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ parameter, message });
    expect(await productRow(made.id)).toEqual(before);
  });
});

describe('DELETE /api/seller/products/{id} (unpublish)', () => {
  it('unpublishes: gone from public reads and counts, pulled as deleted, still in the seller list; a repeat changes nothing', async () => {
    const made = await create(seller.token);
    const [shopBefore, categoryBefore] = [await shopCount(seller.shop.id), await categoryCount(cats.sub.id)];
    const { checkpoint } = await pullAll(server.url, 'products');
    const res = await api(server, 'DELETE', `/api/seller/products/${made.id}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: made.id, published: false, visible: false });
    const row = await productRow(made.id);
    expect(row).toMatchObject({ published: 0, deleted: 1 });
    expect(await shopCount(seller.shop.id)).toBe(shopBefore - 1);
    expect(await categoryCount(cats.sub.id)).toBe(categoryBefore - 1);
    expect((await api(server, 'GET', `/api/products/${made.id}/details`)).status).toBe(404);
    const pulled = await pullAll(server.url, 'products', 500, checkpoint);
    expect(pulled.documents.find((d) => d.id === String(made.id))?._deleted).toBe(true);
    // Still the seller's: listed and readable, and published again by a PATCH.
    const own = await api(server, 'GET', `/api/seller/products/${made.id}`, { token: seller.token });
    expect(own.body.data).toMatchObject({ published: false });
    const again = await api(server, 'DELETE', `/api/seller/products/${made.id}`, { token: seller.token });
    expect(again.status).toBe(200);
    expect((await productRow(made.id)).updated_at).toBe(row.updated_at);
    const republished = await api(server, 'PATCH', `/api/seller/products/${made.id}`, { token: seller.token, body: { published: true } });
    expect(republished.body.data).toMatchObject({ published: true, visible: true });
    expect(await shopCount(seller.shop.id)).toBe(shopBefore);
  });

  it('leaves the lines of orders already placed', async () => {
    const made = await create(seller.token);
    const variant = made.variants.find((v) => v.stock_quantity > 0);
    // An order line naming the product, copied from a seeded order's (the order flow is orders-routes.test.ts).
    const line = await server.db.kysely.selectFrom('order_items').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...rest } = line;
    await server.db.kysely.insertInto('order_items').values({ ...rest, product_id: made.id, variant_id: variant?.id ?? 0 }).execute();
    const before = await server.db.kysely.selectFrom('order_items').selectAll().where('product_id', '=', made.id).execute();
    expect(before).toHaveLength(1);
    await api(server, 'DELETE', `/api/seller/products/${made.id}`, { token: seller.token });
    const after = await server.db.kysely.selectFrom('order_items').selectAll().where('product_id', '=', made.id).execute();
    expect(after).toEqual(before);
    expect(await server.db.kysely.selectFrom('product_variants').select('id').where('product_id', '=', made.id).execute()).toHaveLength(4);
  });
});

describe('GET /api/seller/products', () => {
  let published: SellerReply['data'];
  let hidden: SellerReply['data'];
  let empty: SellerReply['data'];
  let low: SellerReply['data'];
  beforeAll(async () => {
    published = await create(seller.token, { names: { en: 'Zellige pattern tunic' } });
    hidden = await create(seller.token, { names: { en: 'Hidden zellige cape' }, published: false });
    empty = await create(seller.token, { variants: [{ size: 'S', color: 'red', fabric: 'Linen', stock: 0 }] });
    low = await create(seller.token, { low_stock_threshold: 2, variants: [{ size: 'S', color: 'red', fabric: 'Linen', stock: 2 }, { size: 'M', color: 'red', fabric: 'Linen', stock: 20 }] });
  });

  const list = (query: string) => api<SellerListReply>(server, 'GET', `/api/seller/products?per_page=100${query}`, { token: seller.token });

  it("lists the shop's own products only, unpublished ones too, newest first", async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p) => p.id);
    expect(ids).toContain(hidden.id);
    expect(ids.indexOf(low.id)).toBeLessThan(ids.indexOf(published.id));
    const rows = await server.db.kysely.selectFrom('products').select('id').where('shop_id', '=', seller.shop.id).execute();
    expect(res.body.meta.total).toBe(rows.length);
    expect(res.body.data.every((p) => rows.some((r) => r.id === p.id))).toBe(true);
  });

  it('filters by status', async () => {
    const ids = async (status: string) => (await list(`&status=${status}`)).body.data.map((p) => p.id);
    expect(await ids('unpublished')).toContain(hidden.id);
    expect(await ids('unpublished')).not.toContain(published.id);
    expect(await ids('published')).toContain(published.id);
    expect(await ids('published')).not.toContain(hidden.id);
    expect(await ids('out_of_stock')).toEqual(expect.arrayContaining([empty.id]));
    expect(await ids('out_of_stock')).not.toContain(published.id);
    expect(await ids('low_stock')).toContain(low.id);
    expect(await ids('low_stock')).not.toContain(empty.id);
  });

  it('searches the names in every language, and the SKU', async () => {
    const found = (await list('&search=zellige')).body.data.map((p) => p.id);
    expect(found).toEqual(expect.arrayContaining([published.id, hidden.id]));
    expect(found).not.toContain(low.id);
    expect((await list(`&search=${encodeURIComponent(low.sku)}`)).body.data.map((p) => p.id)).toEqual([low.id]);
  });

  it('pages like the other lists', async () => {
    const res = await api<SellerListReply>(server, 'GET', '/api/seller/products?per_page=2&page=2', { token: seller.token });
    expect(res.body.meta).toMatchObject({ current_page: 2, per_page: 2 });
    expect(res.body.data).toHaveLength(2);
  });

  it.each(['status=sold', 'per_page=1000', 'page=0'])('refuses ?%s with 400', async (query) => {
    const res = await api(server, 'GET', `/api/seller/products?${query}`, { token: seller.token });
    expect(res.status).toBe(400);
  });
});
