/**
 * What the seller-products*.test.ts files share: a JSON call with any method and headers, a subcategory to list
 * under, and a valid product form (docs/SELLERS.md "Products").
 */
import type { SellerProductResponse } from '../../../src/server/http/seller-product-response';
import { authHeaders, requestJson, type AuthServer, type HttpAnswer } from '../../helpers/auth';
import type { ErrorBody } from './account-server';

/** A success's body, or an error's (ErrorBody's fields). */
type Either<T> = T & Omit<ErrorBody, 'success' | 'status'> & { success: boolean; status?: string };
export type SellerReply = Either<{ data: SellerProductResponse }>;
export type SellerListReply = Either<{ data: SellerProductResponse[]; meta: { current_page: number; last_page: number; per_page: number; total: number } }>;

export function api<T = SellerReply>(
  server: Pick<AuthServer, 'url'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer<T>> {
  return requestJson<T>(server.url, method, path, opts.body, { ...(opts.token ? authHeaders(opts.token) : {}), ...(opts.headers ?? {}) });
}

/** Two live subcategories (of different genders when the catalogue has them) and a top category. */
export async function categoriesOf(server: Pick<AuthServer, 'db'>): Promise<{ sub: { id: number; gender: string }; other: { id: number; gender: string }; top: number }> {
  const subs = await server.db.kysely
    .selectFrom('categories')
    .select(['id', 'gender'])
    .where('parent_id', 'is not', null)
    .where('deleted', '=', 0)
    .orderBy('id')
    .execute();
  const sub = subs[0];
  const other = subs.find((c) => c.gender !== sub?.gender) ?? subs[1];
  const top = await server.db.kysely.selectFrom('categories').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  if (!sub || !other) throw new Error('the seed has no subcategories');
  return { sub, other, top: top.id };
}

let counter = 0;
/** A unique SKU stem for this run. */
export function uniqueSku(prefix = 'T'): string {
  counter += 1;
  return `${prefix}${process.pid}-${counter}`;
}

/** A valid product form: two sizes × two colours in silk, one on sale. */
export function productBody(categoryId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    names: { en: 'Blue silk kaftan', fr: 'Caftan en soie bleu', ar: 'قفطان حريري أزرق' },
    descriptions: { en: 'Hand embroidered.' },
    category_id: categoryId,
    price: 1200,
    discount_price: 999.5,
    handmade: true,
    customizable: false,
    is_express: true,
    made_in: 'Morocco',
    shipping_from: 'Fes, Morocco',
    variants: [
      { size: 'M', color: 'blue', fabric: 'Silk', stock: 4 },
      { size: 'L', color: 'blue', fabric: 'Silk', stock: 2 },
      { size: 'M', color: 'white', fabric: 'Silk', stock: 0, price: 1250 },
      { size: 'L', color: 'white', fabric: 'Silk', stock: 7, sku: uniqueSku('V') },
    ],
    ...overrides,
  };
}
