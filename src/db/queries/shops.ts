/**
 * Shop reads: the list (featured filter, limit) in the server's order for
 * GET /api/shops (src/server/repositories/shop-reads.ts: featured first, then
 * best rated, then id as text), and one shop by id, slug or Arabic name (as
 * the server's findShop). Shops are tens to hundreds of documents: the list is
 * read whole and ordered in memory.
 */
import { combineLatest, map, of, type Observable } from 'rxjs';
import type { MangoQuerySelector, RxDocument } from 'rxdb';
import type { ShopDoc, StoreType } from '../../domain/catalog';
import { searchTerms, searchText, termsFoundIn } from '../../domain/search';
import type { ShopsPage } from '../../workers/data-api';
import type { ShopCollection } from '../database';
import type { StoredShop } from '../query-fields';
import { distinctResults } from './live';
import { toShopDoc } from './plain-docs';

export interface ShopFilter {
  featured?: boolean;
  limit?: number;
}

/** Featured first, then rating (desc), then id in code-unit order (the server orders by the id as text). */
export function compareShops(a: ShopDoc, b: ShopDoc): number {
  if (a.is_featured !== b.is_featured) return a.is_featured ? -1 : 1;
  if (a.rating !== b.rating) return b.rating - a.rating;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function shopsQuery(shops: ShopCollection, f: ShopFilter) {
  const selector: MangoQuerySelector<StoredShop> = {};
  if (f.featured !== undefined) selector.is_featured = { $eq: f.featured };
  return shops.find({ selector });
}

const toOrderedDocs = (f: ShopFilter) => (docs: RxDocument<StoredShop>[]) =>
  docs.map(toShopDoc).sort(compareShops).slice(0, f.limit ?? Infinity);

export async function findShops(shops: ShopCollection, f: ShopFilter): Promise<ShopDoc[]> {
  if (f.limit !== undefined && f.limit <= 0) return [];
  return toOrderedDocs(f)(await shopsQuery(shops, f).exec());
}

export function watchShops(shops: ShopCollection, f: ShopFilter): Observable<ShopDoc[]> {
  if (f.limit !== undefined && f.limit <= 0) return of([]);
  return shopsQuery(shops, f).$.pipe(map(toOrderedDocs(f)), distinctResults());
}

/** Spec §2: a shop's slug is its name lowercased with spaces replaced by hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

function shopLookups(shops: ShopCollection, slugOrId: string) {
  const key = slugOrId.trim();
  if (key === '') return [];
  const lookups = [];
  if (/^\d+$/.test(key)) lookups.push(shops.findOne(key));
  lookups.push(shops.findOne({ selector: { slug: { $eq: slugify(key) } } }));
  lookups.push(shops.findOne({ selector: { name_ar: { $eq: key } } }));
  return lookups;
}

export async function findShop(shops: ShopCollection, slugOrId: string): Promise<ShopDoc | null> {
  for (const q of shopLookups(shops, slugOrId)) {
    const doc = await q.exec();
    if (doc) return toShopDoc(doc);
  }
  return null;
}

export function watchShop(shops: ShopCollection, slugOrId: string): Observable<ShopDoc | null> {
  const lookups = shopLookups(shops, slugOrId);
  if (lookups.length === 0) return of(null);
  return combineLatest(lookups.map((q) => q.$)).pipe(
    map((docs) => {
      const doc = docs.find((d) => d !== null) ?? null;
      return doc ? toShopDoc(doc) : null;
    }),
    distinctResults(),
  );
}

/** GET /api/shops on the local database: filters, search, then one page in the list order, with the API's meta. */
export interface ShopPageFilter {
  storeType?: StoreType;
  featured?: boolean;
  verified?: boolean;
  status?: ShopDoc['status'];
  search?: string;
  page?: number;
  perPage?: number;
}

/** The server's default page size for GET /api/shops (src/server/routes/shops.ts). */
export const SHOPS_DEFAULT_PER_PAGE = 12;

/**
 * The search rule of src/domain/search.ts over the shop's names in every language, as the server's shop search:
 * every word found (any common spelling), case, accents and Arabic letter variants folded.
 */
function matchesSearch(shop: ShopDoc, terms: readonly (readonly string[])[]): boolean {
  return termsFoundIn(searchText(Object.values(shop.names)), terms);
}

export function pageOfShops(all: readonly ShopDoc[], f: ShopPageFilter): ShopsPage {
  const terms = f.search === undefined ? [] : searchTerms(f.search);
  const matching = all
    .filter(
      (s) =>
        (f.storeType === undefined || s.store_type === f.storeType) &&
        (f.featured === undefined || s.is_featured === f.featured) &&
        (f.verified === undefined || s.is_verified === f.verified) &&
        (f.status === undefined || s.status === f.status) &&
        (terms.length === 0 || matchesSearch(s, terms)),
    )
    .sort(compareShops);
  const perPage = Math.max(1, Math.floor(f.perPage ?? SHOPS_DEFAULT_PER_PAGE));
  const page = Math.max(1, Math.floor(f.page ?? 1));
  const start = (page - 1) * perPage;
  return {
    data: matching.slice(start, start + perPage),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(matching.length / perPage)),
      per_page: perPage,
      total: matching.length,
    },
  };
}

const allShops = (docs: RxDocument<StoredShop>[]) => docs.map(toShopDoc);

export async function findShopsPage(shops: ShopCollection, f: ShopPageFilter): Promise<ShopsPage> {
  return pageOfShops(allShops(await shops.find().exec()), f);
}

export function watchShopsPage(shops: ShopCollection, f: ShopPageFilter): Observable<ShopsPage> {
  return shops.find().$.pipe(
    map((docs) => pageOfShops(allShops(docs), f)),
    distinctResults(),
  );
}
