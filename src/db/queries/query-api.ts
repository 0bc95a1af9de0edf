/**
 * Every DataQuery kind of src/workers/data-api.ts on the RxDB collections,
 * one-shot (runDataQuery) and live (watchDataQuery: same result shapes, a new
 * value after every change that affects it).
 */
import type { Observable } from 'rxjs';
import type { DataQuery, ResultOf } from '../../workers/data-api';
import type { SoukDatabase } from '../database';
import {
  findCategories,
  findCategory,
  findTopSubcategories,
  watchCategories,
  watchCategory,
  watchTopSubcategories,
} from './categories';
import { findProduct, findProducts, findRelated, watchProduct, watchProducts, watchRelated } from './products';
import { findShop, findShops, watchShop, watchShops } from './shops';

export async function runDataQuery<Q extends DataQuery>(db: SoukDatabase, q: Q): Promise<ResultOf<Q>> {
  return (await runAny(db, q)) as ResultOf<Q>;
}

export function watchDataQuery<Q extends DataQuery>(db: SoukDatabase, q: Q): Observable<ResultOf<Q>> {
  return watchAny(db, q) as Observable<ResultOf<Q>>;
}

function runAny(db: SoukDatabase, q: DataQuery): Promise<ResultOf<DataQuery>> {
  switch (q.kind) {
    case 'products':
      return findProducts(db.products, q.query);
    case 'product':
      return findProduct(db.products, q.id);
    case 'related':
      return findRelated(db.products, q.id, q.limit);
    case 'categories':
      return findCategories(db.categories, { gender: q.gender, parentId: q.parentId });
    case 'category':
      return findCategory(db.categories, q.slugOrId);
    case 'topSubcategories':
      return findTopSubcategories(db.categories, q.limit);
    case 'shops':
      return findShops(db.shops, { featured: q.featured, limit: q.limit });
    case 'shop':
      return findShop(db.shops, q.slugOrId);
    default:
      return Promise.reject(unknownKind(q));
  }
}

function watchAny(db: SoukDatabase, q: DataQuery): Observable<ResultOf<DataQuery>> {
  switch (q.kind) {
    case 'products':
      return watchProducts(db.products, q.query);
    case 'product':
      return watchProduct(db.products, q.id);
    case 'related':
      return watchRelated(db.products, q.id, q.limit);
    case 'categories':
      return watchCategories(db.categories, { gender: q.gender, parentId: q.parentId });
    case 'category':
      return watchCategory(db.categories, q.slugOrId);
    case 'topSubcategories':
      return watchTopSubcategories(db.categories, q.limit);
    case 'shops':
      return watchShops(db.shops, { featured: q.featured, limit: q.limit });
    case 'shop':
      return watchShop(db.shops, q.slugOrId);
    default:
      throw unknownKind(q);
  }
}

function unknownKind(q: never): Error {
  return new Error(`Unknown data query kind: ${JSON.stringify((q as { kind?: unknown }).kind)}`);
}
