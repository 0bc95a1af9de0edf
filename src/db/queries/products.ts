/** The product listing, one product, related products: one-shot and live. */
import { map, of, type Observable } from 'rxjs';
import type { MangoQuerySelector, RxDocument } from 'rxdb';
import { RELATED_DEFAULT_LIMIT, type NormalizedProductQuery, type Page, type ProductDoc, type ProductQuery } from '../../domain/catalog';
import type { ProductCollection } from '../database';
import type { StoredProduct } from '../query-fields';
import { PRODUCT_SORT_INDEX } from '../schemas/product-schema';
import { distinctResults, liveRead } from './live';
import { toProductDoc } from './plain-docs';
import { toProductListingMango } from './product-listing-query';

function toPage(q: NormalizedProductQuery, docs: RxDocument<StoredProduct>[], total: number): Page<ProductDoc> {
  return {
    items: docs.map(toProductDoc),
    total,
    page: q.page,
    perPage: q.perPage,
    lastPage: Math.max(1, Math.ceil(total / q.perPage)),
  };
}

export async function findProducts(products: ProductCollection, query: ProductQuery): Promise<Page<ProductDoc>> {
  const m = toProductListingMango(query);
  if (m.selector === null) return toPage(m.normalized, [], 0);
  const [docs, total] = await Promise.all([
    products.find(m.page).exec(),
    products.count({ selector: m.selector }).exec(),
  ]);
  return toPage(m.normalized, docs, total);
}

/** The page and its total, both live and always from the same state of the collection. */
export function watchProducts(products: ProductCollection, query: ProductQuery): Observable<Page<ProductDoc>> {
  const m = toProductListingMango(query);
  if (m.selector === null) return of(toPage(m.normalized, [], 0));
  return liveRead(products, () => findProducts(products, query));
}

export async function findProduct(products: ProductCollection, id: string): Promise<ProductDoc | null> {
  const doc = await products.findOne(id).exec();
  return doc ? toProductDoc(doc) : null;
}

export function watchProduct(products: ProductCollection, id: string): Observable<ProductDoc | null> {
  return products.findOne(id).$.pipe(
    map((doc) => (doc ? toProductDoc(doc) : null)),
    distinctResults(),
  );
}

/**
 * Related products, as the server's /related: live products of the same
 * subcategory first, then of the same gender; each group by popularity
 * (sales desc, then id string desc, the 'popular' listing order); never the product itself.
 */
function relatedQueries(products: ProductCollection, product: ProductDoc, limit: number) {
  const sort = PRODUCT_SORT_INDEX.popular.map((f) => ({ [f]: 'asc' as const }));
  const sameCategory: MangoQuerySelector<StoredProduct> = {
    category_slug: { $eq: product.category_slug },
    id: { $ne: product.id },
  };
  const sameGender: MangoQuerySelector<StoredProduct> = {
    gender: { $eq: product.gender },
    category_slug: { $ne: product.category_slug },
  };
  return {
    first: products.find({ selector: sameCategory, sort, limit }),
    second: products.find({ selector: sameGender, sort, limit }),
  };
}

function combineRelated(first: RxDocument<StoredProduct>[], second: RxDocument<StoredProduct>[], limit: number) {
  return [...first, ...second].slice(0, limit).map(toProductDoc);
}

export async function findRelated(products: ProductCollection, id: string, limit = RELATED_DEFAULT_LIMIT): Promise<ProductDoc[]> {
  const product = await findProduct(products, id);
  if (!product || limit <= 0) return [];
  const { first, second } = relatedQueries(products, product, limit);
  const firstDocs = await first.exec();
  const secondDocs = firstDocs.length < limit ? await second.exec() : [];
  return combineRelated(firstDocs, secondDocs, limit);
}

export function watchRelated(products: ProductCollection, id: string, limit = RELATED_DEFAULT_LIMIT): Observable<ProductDoc[]> {
  return liveRead(products, () => findRelated(products, id, limit));
}
