/**
 * The seller's CSV over HTTP (docs/SELLERS.md "CSV"): import as a text/csv body or a multipart file, creating and
 * updating by product_sku, a product with a bad row (or one the database refuses) written not at all while the
 * others are, errors at their line and column; export of the shop's own products; export → import changing
 * nothing; who may do it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvMessages, REQUIRED_COLUMNS } from '../../src/domain/product-csv';
import { authHeaders } from '../helpers/auth';
import { adminLogin, registerBuyer, sellerLogin, startAccountServer, type Account, type AccountServer, type SellerAccount } from './support/account-server';
import { api, categoriesOf, productBody, uniqueSku } from './support/seller-products';

interface ImportReply {
  success: boolean;
  created: number;
  updated: number;
  errors: { line: number; column: string; message: string }[];
  code?: string;
}

let server: AccountServer;
let seller: SellerAccount;
let other: SellerAccount;
let buyer: Account;
let cats: Awaited<ReturnType<typeof categoriesOf>>;

beforeAll(async () => {
  server = await startAccountServer({ products: 20 });
  seller = await sellerLogin(server, 0);
  other = await sellerLogin(server, 1);
  buyer = await registerBuyer(server, 'shopper');
  cats = await categoriesOf(server);
});
afterAll(async () => {
  await server?.close();
});

type Row = Partial<Record<(typeof REQUIRED_COLUMNS)[number], string>>;
const csv = (rows: Row[]) => [REQUIRED_COLUMNS.join(','), ...rows.map((r) => REQUIRED_COLUMNS.map((c) => csvCell(r[c] ?? '')).join(','))].join('\r\n');
const row = (sku: string, overrides: Row = {}): Row => ({
  product_sku: sku,
  name_en: 'Imported kaftan',
  name_ar: 'قفطان',
  name_fr: 'Caftan importé',
  category_id: String(cats.sub.id),
  price: '800',
  size: 'M',
  color: 'red',
  fabric: 'Linen',
  stock: '5',
  ...overrides,
});

async function send(text: string, token: string | null = seller.token, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/seller/products/import`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8', ...(token ? authHeaders(token) : {}), ...headers },
    body: text,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as ImportReply };
}

async function sendFile(text: string, token = seller.token) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
  const res = await fetch(`${server.url}/api/seller/products/import`, { method: 'POST', headers: authHeaders(token), body: form });
  return { status: res.status, body: (await res.json()) as ImportReply };
}

async function exportCsv(token = seller.token) {
  const res = await fetch(`${server.url}/api/seller/products/export.csv`, { headers: authHeaders(token) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const bySku = (sku: string) => server.db.kysely.selectFrom('products').selectAll().where('sku', '=', sku).executeTakeFirst();
const variantsOf = (id: number) => server.db.kysely.selectFrom('product_variants').selectAll().where('product_id', '=', id).orderBy('id').execute();

describe('POST /api/seller/products/import', () => {
  it('creates one product per product_sku, a variant per row, with the derived columns and counts of the form', async () => {
    const sku = uniqueSku('CSV');
    const countBefore = (await server.db.kysely.selectFrom('shops').select('products_count').where('id', '=', seller.shop.id).executeTakeFirstOrThrow()).products_count;
    const res = await send(`\uFEFF${csv([row(sku, { discount_price: '700' }), row(sku, { size: 'L', stock: '0', variant_price: '850', sku: `${sku}-LARGE` }), row(`${sku}-B`, { color: 'black' })])}\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, created: 2, updated: 0, errors: [] });
    const product = await bySku(sku);
    expect(product).toMatchObject({
      shop_id: seller.shop.id,
      price_cents: 80000,
      discount_cents: 70000,
      effective_cents: 70000,
      has_discount: 1,
      discount_percent: 13,
      stock_quantity: 5,
      in_stock: 1,
      colors_mask: 1 << 2,
      sizes_mask: (1 << 2) | (1 << 3),
      gender: cats.sub.gender,
      published: 1,
      deleted: 0,
      low_stock_threshold: 3,
    });
    const variants = await variantsOf(product?.id ?? 0);
    expect(variants.map((v) => [v.size, v.price_cents, v.stock, v.sku])).toEqual([
      ['M', 80000, 5, `${sku}-M-RED-LIN`],
      ['L', 85000, 0, `${sku}-LARGE`],
    ]);
    const countAfter = (await server.db.kysely.selectFrom('shops').select('products_count').where('id', '=', seller.shop.id).executeTakeFirstOrThrow()).products_count;
    expect(countAfter).toBe(countBefore + 2);
    // The product answers as the form's would.
    const own = await api(server, 'GET', `/api/seller/products/${product?.id}`, { token: seller.token });
    expect(own.body.data).toMatchObject({ sku, names: { en: 'Imported kaftan', fr: 'Caftan importé', ar: 'قفطان' }, published: true });
  });

  it('updates the product whose product_sku the shop has: variants matched, added and removed', async () => {
    const sku = uniqueSku('CSV');
    await send(csv([row(sku), row(sku, { size: 'L' })]));
    const product = await bySku(sku);
    const [medium] = await variantsOf(product?.id ?? 0);
    const res = await send(csv([row(sku, { price: '900', stock: '8', name_en: 'Renamed' }), row(sku, { size: 'XL', color: 'blue', price: '900', name_en: 'Renamed' })]));
    expect(res.body).toEqual({ success: true, created: 0, updated: 1, errors: [] });
    const after = await bySku(sku);
    expect(after).toMatchObject({ id: product?.id, price_cents: 90000, name: 'Renamed', stock_quantity: 13 });
    expect(after?.updated_at).toBeGreaterThan(product?.updated_at ?? 0);
    const variants = await variantsOf(product?.id ?? 0);
    expect(variants.map((v) => [v.id === medium?.id, v.size, v.color, v.stock, v.price_cents])).toEqual([
      [true, 'M', 'red', 8, 90000],
      [false, 'XL', 'blue', 5, 90000],
    ]);
  });

  it('takes the file as a multipart upload too', async () => {
    const sku = uniqueSku('CSV');
    const res = await sendFile(csv([row(sku)]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, errors: [] });
    expect(await bySku(sku)).toBeDefined();
  });

  it('writes nothing of a product with a bad row, and the other products all the same', async () => {
    const [good, bad] = [uniqueSku('CSV'), uniqueSku('CSV')];
    const res = await send(csv([row(bad), row(good), row(bad, { size: 'L', stock: 'many' })]));
    expect(res.body.created).toBe(1);
    expect(res.body.errors).toEqual([
      { line: 4, column: 'stock', message: csvMessages.integer(0, 1_000_000) },
      { line: 4, column: 'product_sku', message: csvMessages.productElsewhere },
    ]);
    // Good is written, bad is not: nothing of its rows.
    expect(await bySku(bad)).toBeUndefined();
    const again = await send(csv([row(bad), row(bad, { size: 'L', stock: 'many' }), row(good)]));
    expect(again.body).toMatchObject({ created: 0, updated: 0 });
    expect(again.body.errors).toEqual([{ line: 3, column: 'stock', message: csvMessages.integer(0, 1_000_000) }]);
    expect(await bySku(good)).toBeDefined();
    expect(await bySku(bad)).toBeUndefined();
  });

  it('refuses published=1 for a product the operator unpublished: an error at its published column, nothing of it written', async () => {
    const [moderated, good] = [uniqueSku('CSV'), uniqueSku('CSV')];
    await send(csv([row(moderated)]));
    const product = await bySku(moderated);
    const admin = await adminLogin(server);
    const unpublish = await fetch(`${server.url}/api/admin/products/${product?.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...authHeaders(admin.token) },
      body: JSON.stringify({ published: false, reason: 'Fake brand' }),
    });
    expect(unpublish.status).toBe(200);
    const before = await bySku(moderated);
    const variantsBefore = await variantsOf(product?.id ?? 0);
    const columns = [...REQUIRED_COLUMNS, 'published'];
    const line = (r: Row, published: string) => [...REQUIRED_COLUMNS.map((c) => csvCell(r[c] ?? '')), published].join(',');
    const text = [columns.join(','), line(row(moderated, { stock: '9', price: '950' }), '1'), line(row(good), '1')].join('\r\n');
    const res = await send(text);
    expect(res.body).toEqual({
      success: true,
      created: 1,
      updated: 0,
      errors: [{ line: 2, column: 'published', message: 'This product was unpublished by Souk: Fake brand. Contact support to publish it again.' }],
    });
    expect(await bySku(moderated)).toEqual(before);
    expect(await variantsOf(product?.id ?? 0)).toEqual(variantsBefore);
    expect(await bySku(good)).toMatchObject({ published: 1 });
  });

  it("reports what the database refuses at the product's line: a top or missing category, SKUs other products use", async () => {
    const theirs = await api(server, 'POST', '/api/seller/products', { token: other.token, body: productBody(cats.sub.id, { sku: uniqueSku('THEIRS') }) });
    const theirSku = theirs.body.data.sku;
    const theirVariantSku = theirs.body.data.variants[0]?.sku ?? '';
    const [a, b, c, d, ok] = [uniqueSku('CSV'), uniqueSku('CSV'), uniqueSku('CSV'), uniqueSku('CSV'), uniqueSku('CSV')];
    const res = await send(
      csv([
        row(a, { category_id: String(cats.top) }),
        row(b, { category_id: '99999999' }),
        row(theirSku),
        row(c),
        row(c, { size: 'L', sku: theirVariantSku }),
        row(d, { discount_price: '' }),
        row(ok),
      ]),
    );
    expect(res.body).toMatchObject({ created: 2, updated: 0 });
    expect(res.body.errors).toEqual([
      { line: 2, column: 'category_id', message: 'The selected category id is invalid.' },
      { line: 3, column: 'category_id', message: 'The selected category id is invalid.' },
      { line: 4, column: 'product_sku', message: 'The sku has already been taken.' },
      { line: 6, column: 'sku', message: 'The sku has already been taken.' },
    ]);
    for (const sku of [a, b, c]) expect(await bySku(sku)).toBeUndefined();
    expect((await bySku(theirSku))?.shop_id).toBe(other.shop.id);
    expect(await bySku(ok)).toBeDefined();
  });

  it('answers header errors with nothing written', async () => {
    const res = await send('product_sku,name_en\r\nX,Y\r\n');
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(0);
    expect(res.body.errors).toContainEqual({ line: 1, column: 'category_id', message: csvMessages.missingColumn });
  });

  it('takes JSON {csv} (the offline queue keeps JSON bodies)', async () => {
    const sku = uniqueSku('CSV');
    const res = await api<ImportReply>(server, 'POST', '/api/seller/products/import', { token: seller.token, body: { csv: csv([row(sku)]) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, errors: [] });
  });

  it('refuses JSON without csv (422), a body of another type (415), an empty multipart form, and anyone but a seller', async () => {
    const json = await api<ImportReply>(server, 'POST', '/api/seller/products/import', { token: seller.token, body: { rows: [] } });
    expect(json.status).toBe(422);
    expect(json.body).toMatchObject({ code: 'VALIDATION', errors: [{ parameter: 'csv', message: 'The csv field is required.' }] });
    const other = await fetch(`${server.url}/api/seller/products/import`, { method: 'POST', headers: { ...authHeaders(seller.token), 'content-type': 'application/xml' }, body: '<csv/>' });
    expect(other.status).toBe(415);
    const form = new FormData();
    form.append('note', 'no file');
    const empty = await fetch(`${server.url}/api/seller/products/import`, { method: 'POST', headers: authHeaders(seller.token), body: form });
    expect(empty.status).toBe(415);
    expect((await send(csv([row(uniqueSku())]), null)).status).toBe(401);
    expect((await send(csv([row(uniqueSku())]), buyer.token)).status).toBe(403);
    expect((await exportCsv(buyer.token)).status).toBe(403);
    expect((await fetch(`${server.url}/api/seller/products/export.csv`)).status).toBe(401);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = `${REQUIRED_COLUMNS.join(',')}\r\n${'x'.repeat(10 * 1024 * 1024 + 10)}`;
    const res = await send(big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('CSV_TOO_LARGE');
  });

  it('imports once under an Idempotency-Key', async () => {
    const sku = uniqueSku('CSV');
    const key = `import-${sku}`;
    const first = await send(csv([row(sku)]), seller.token, { 'idempotency-key': key });
    const replay = await send(csv([row(sku)]), seller.token, { 'idempotency-key': key });
    expect(first.body.created).toBe(1);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('GET /api/seller/products/export.csv', () => {
  it("exports the shop's own products only, one row per variant, unpublished ones too", async () => {
    const hidden = await api(server, 'POST', '/api/seller/products', { token: seller.token, body: productBody(cats.sub.id, { published: false, names: { en: 'Comma, "quoted" name' }, descriptions: { en: 'Two\nlines' } }) });
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="products.csv"');
    const variantCount = await server.db.kysely
      .selectFrom('product_variants')
      .innerJoin('products', 'products.id', 'product_variants.product_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('products.shop_id', '=', seller.shop.id)
      .executeTakeFirstOrThrow();
    const { readProductCsv } = await import('../../src/domain/product-csv');
    const read = readProductCsv(res.text);
    expect(read.errors).toEqual([]);
    expect(read.rows).toBe(Number(variantCount.n));
    expect(read.products.find((p) => p.sku === hidden.body.data.sku)).toMatchObject({ published: false, names: { en: 'Comma, "quoted" name' }, descriptions: { en: 'Two\nlines' } });
    const theirs = await server.db.kysely.selectFrom('products').select('sku').where('shop_id', '=', other.shop.id).execute();
    expect(read.products.some((p) => theirs.some((t) => t.sku === p.sku))).toBe(false);
  });

  it('exported and imported again changes nothing: no stamp moves, {created: 0, updated: 0}', async () => {
    await api(server, 'POST', '/api/seller/products', { token: seller.token, body: productBody(cats.sub.id, { descriptions: { en: 'Line one\nline two', ma: 'وصف' } }) });
    const before = await server.db.kysely.selectFrom('products').select(['id', 'updated_at']).where('shop_id', '=', seller.shop.id).orderBy('id').execute();
    const variantsBefore = await server.db.kysely.selectFrom('product_variants').selectAll().orderBy('id').execute();
    const exported = await exportCsv();
    const res = await send(exported.text);
    expect(res.body).toEqual({ success: true, created: 0, updated: 0, errors: [] });
    expect(await server.db.kysely.selectFrom('products').select(['id', 'updated_at']).where('shop_id', '=', seller.shop.id).orderBy('id').execute()).toEqual(before);
    expect(await server.db.kysely.selectFrom('product_variants').selectAll().orderBy('id').execute()).toEqual(variantsBefore);
  });
});
