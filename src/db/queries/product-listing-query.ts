/**
 * ProductQuery → RxDB mango query, with exactly the meaning of
 * src/domain/product-query.ts (tests/db compares both on a broad matrix).
 */
import type { MangoQuery, MangoQuerySelector, MangoQuerySortPart } from 'rxdb';
import type { NormalizedProductQuery } from '../../domain/catalog';
import { isGender, normalizeProductQuery } from '../../domain/product-query';
import type { ProductQuery } from '../../domain/catalog';
import type { StoredProduct } from '../query-fields';
import { PRODUCT_SORT_INDEX } from '../schemas/product-schema';
import { escapeRegex } from './regex';

export interface ProductListingMango {
  normalized: NormalizedProductQuery;
  /** Selector shared by the page query and the count query; null when nothing can match. */
  selector: MangoQuerySelector<StoredProduct> | null;
  /** The page: selector, sort, skip and limit. */
  page: MangoQuery<StoredProduct>;
}

/** -x without -0. */
const neg = (x: number) => (x === 0 ? 0 : -x);

export function productListingSelector(q: NormalizedProductQuery): MangoQuerySelector<StoredProduct> | null {
  const selector: MangoQuerySelector<StoredProduct> = {};

  let gender = q.gender;
  if (q.category !== undefined) {
    if (isGender(q.category)) {
      if (gender !== undefined && gender !== q.category) return null;
      gender = q.category;
    } else {
      selector.category_slug = { $eq: q.category };
    }
  }
  if (gender !== undefined) selector.gender = { $eq: gender };
  if (q.shopId !== undefined) selector.shop_id = { $eq: q.shopId };

  if (q.colors && q.colors.length > 0) selector.colors = { $in: [...q.colors] };
  if (q.sizes && q.sizes.length > 0) selector.sizes = { $in: [...q.sizes] };
  if (q.fabrics && q.fabrics.length > 0) selector.fabrics = { $in: [...q.fabrics] };

  if (q.inStock) selector.in_stock = { $eq: true };
  if (q.customizable) selector.customizable = { $eq: true };
  if (q.handmade) selector.handmade = { $eq: true };
  if (q.express) selector.express = { $eq: true };
  if (q.onSale) selector.has_discount = { $eq: true };

  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    if (q.sort === 'price-high-low') {
      // Same bounds on the negated key, so the price-high-low index serves both range and order.
      const range: { $gte?: number; $lte?: number } = {};
      if (q.maxPrice !== undefined) range.$gte = neg(q.maxPrice);
      if (q.minPrice !== undefined) range.$lte = neg(q.minPrice);
      selector.q_price_desc = range;
    } else {
      const range: { $gte?: number; $lte?: number } = {};
      if (q.minPrice !== undefined) range.$gte = q.minPrice;
      if (q.maxPrice !== undefined) range.$lte = q.maxPrice;
      selector.effective_price = range;
    }
  }

  if (q.search !== undefined) {
    const needle = q.search.trim().toLowerCase();
    if (needle !== '') {
      // Reference: name.toLowerCase() contains the needle, or name_ar contains it as is.
      const pattern = escapeRegex(needle);
      selector.$or = [{ q_name_lower: { $regex: pattern } }, { name_ar: { $regex: pattern } }];
    }
  }
  return selector;
}

export function productListingSort(q: NormalizedProductQuery): MangoQuerySortPart<StoredProduct>[] {
  return PRODUCT_SORT_INDEX[q.sort].map((field) => ({ [field]: 'asc' }) as MangoQuerySortPart<StoredProduct>);
}

export function toProductListingMango(query: ProductQuery): ProductListingMango {
  const normalized = normalizeProductQuery(query);
  const selector = productListingSelector(normalized);
  return {
    normalized,
    selector,
    page: {
      selector: selector ?? {},
      sort: productListingSort(normalized),
      skip: (normalized.page - 1) * normalized.perPage,
      limit: normalized.perPage,
    },
  };
}
