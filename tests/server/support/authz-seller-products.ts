/**
 * The matrix rows of issue 23's seller products (docs/SELLERS.md "Products", "Variants", "Images", "CSV"): only a
 * seller, on their own shop's products — shop X's product is sellerX's; sellerY gets 404 PRODUCT_NOT_FOUND, buyers
 * and the admin 403; the product, read back, is unchanged by every refused cell. The multipart and CSV routes are
 * called with a JSON body here, so an allowed seller gets their refusal of the body (400 MALFORMED_MULTIPART, 422
 * VALIDATION: no csv field); their uploads are tests/server/seller-products-images.test.ts and -csv.test.ts.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { World } from './authz-identities';
import type { AuthzRow, CellRequest } from './authz-table';

const idInPath = (req: CellRequest): number => Number(/\/api\/seller\/products\/(\d+)/.exec(req.path)?.[1]);

async function subcategory(world: World): Promise<number> {
  const row = await world.server.db.kysely.selectFrom('categories').select('id').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A new product of shop X, made by its seller through the API: its id and its variants' ids. */
async function productOfX(world: World): Promise<{ id: number; variants: number[] }> {
  const reply = await world.as('sellerX', 'POST', '/api/seller/products', {
    name: 'Matrix kaftan',
    category_id: await subcategory(world),
    price: 500,
    variants: [
      { size: 'M', color: 'red', fabric: 'Silk', stock: 3 },
      { size: 'L', color: 'red', fabric: 'Silk', stock: 3 },
    ],
  });
  if (reply.status !== 201) throw new Error(`setup: a product of shop X → ${reply.status}`);
  const variants = field(reply.json, 'data', 'variants') as { id: number }[];
  return { id: Number(field(reply.json, 'data', 'id')), variants: variants.map((v) => v.id) };
}

/** The product's row and its variants' rows, as stored. */
async function product(world: World, req: CellRequest): Promise<unknown> {
  const id = idInPath(req);
  const row = await world.server.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  const variants = await world.server.db.kysely.selectFrom('product_variants').selectAll().where('product_id', '=', id).orderBy('id').execute();
  return { row: row ?? null, variants };
}

async function shopXProducts(world: World): Promise<unknown> {
  return world.server.db.kysely.selectFrom('products').select(['id', 'updated_at']).where('shop_id', '=', world.shopX.id).orderBy('id').execute();
}

/** The common shape: sellerX allowed, sellerY 404, buyers and the admin 403. */
const own = { allowed: ['sellerX'], refused: 403, refusedAs: { sellerY: 404 }, notFoundCode: 'PRODUCT_NOT_FOUND', target: product } as const;
const sellers = { allowed: ['sellerX', 'sellerY'], refused: 403 } as const;

export const SELLER_PRODUCT_ROWS: readonly AuthzRow[] = [
  {
    method: 'GET',
    route: '/api/seller/products',
    ...sellers,
    request: () => ({ path: '/api/seller/products?per_page=100' }),
    check: (world, who, reply) => {
      const shop = who === 'sellerX' ? world.shopX.id : world.shopY.id;
      const ids = (field(reply.json, 'data') as { id: number }[]).map((p) => p.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(reply.status).toBe(200);
      return world.server.db.kysely
        .selectFrom('products')
        .select('id')
        .where('id', 'in', ids)
        .where('shop_id', '<>', shop)
        .execute()
        .then((others) => expect(others).toEqual([]));
    },
  },
  {
    method: 'POST',
    route: '/api/seller/products',
    ...sellers,
    request: async (world, who) => ({
      path: '/api/seller/products',
      body: { name: `Made by ${who}`, category_id: await subcategory(world), price: 100, variants: [{ size: 'S', color: 'blue', fabric: 'Wool', stock: 1 }] },
    }),
    target: shopXProducts,
    check: (_world, who, reply) => {
      expect(reply.status).toBe(201);
      expect(field(reply.json, 'data', 'name_en')).toBe(`Made by ${who}`);
    },
  },
  { method: 'GET', route: '/api/seller/products/:id', ...own, request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}` }) },
  {
    method: 'PATCH',
    route: '/api/seller/products/:id',
    ...own,
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}`, body: { price: 650 } }),
    check: (_world, _who, reply) => expect(field(reply.json, 'data', 'price')).toBe(650),
  },
  {
    method: 'DELETE',
    route: '/api/seller/products/:id',
    ...own,
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}` }),
    check: (_world, _who, reply) => expect(field(reply.json, 'data', 'published')).toBe(false),
  },
  {
    method: 'POST',
    route: '/api/seller/products/:id/variants',
    ...own,
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}/variants`, body: { size: 'XL', color: 'red', fabric: 'Silk', stock: 2 } }),
  },
  {
    method: 'PATCH',
    route: '/api/seller/products/:id/variants/:variant',
    ...own,
    request: async (world) => {
      const p = await productOfX(world);
      return { path: `/api/seller/products/${p.id}/variants/${p.variants[0]}`, body: { stock: 9 } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/seller/products/:id/variants/:variant',
    ...own,
    request: async (world) => {
      const p = await productOfX(world);
      return { path: `/api/seller/products/${p.id}/variants/${p.variants[0]}` };
    },
  },
  {
    method: 'POST',
    route: '/api/seller/products/:id/images',
    ...own,
    allowedAnswer: { status: 400, code: 'MALFORMED_MULTIPART' },
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}/images`, body: { images: [] } }),
  },
  {
    method: 'PATCH',
    route: '/api/seller/products/:id/images',
    ...own,
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}/images`, body: { order: [] } }),
  },
  {
    method: 'DELETE',
    route: '/api/seller/products/:id/images/:image',
    ...own,
    allowedAnswer: { status: 404, code: 'MEDIA_NOT_FOUND' },
    request: async (world) => ({ path: `/api/seller/products/${(await productOfX(world)).id}/images/none.webp` }),
  },
  {
    method: 'POST',
    route: '/api/seller/products/import',
    ...sellers,
    allowedAnswer: { status: 422, code: 'VALIDATION' },
    request: () => ({ path: '/api/seller/products/import', body: { rows: [] } }),
    target: shopXProducts,
  },
  {
    method: 'GET',
    route: '/api/seller/products/export.csv',
    ...sellers,
    request: () => ({ path: '/api/seller/products/export.csv' }),
  },
];
