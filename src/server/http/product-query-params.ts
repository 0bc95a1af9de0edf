/** The query string of product listings (GET /api/products/all, /api/shops/{shop}/products) → ProductQuery. */
import { z } from 'zod';
import { COLORS, FABRICS, GENDERS, MAX_PAGE_SIZE, SIZES, SORTS, type ProductQuery } from '../../domain/catalog';
import { amount, capitalise, enumParam, flag, list, locale, positiveInt, text } from './query-params';

/** Pages beyond this are refused (offsets that large are a scraper, not a shopper). */
export const MAX_PAGE = 100_000;

export const productListQuerySchema = z
  .object({
    category: text(100).optional(),
    gender: enumParam(GENDERS).optional(),
    colors: list(COLORS, (s) => s.toLowerCase()).optional(),
    sizes: list(SIZES, (s) => s.toUpperCase()).optional(),
    fabrics: list(FABRICS, capitalise).optional(),
    inStock: flag.optional(),
    customizable: flag.optional(),
    handmade: flag.optional(),
    express: flag.optional(),
    onSale: flag.optional(),
    minPrice: amount.optional(),
    maxPrice: amount.optional(),
    search: text(100).optional(),
    sort: enumParam(SORTS).optional(),
    page: positiveInt(MAX_PAGE).optional(),
    per_page: positiveInt(MAX_PAGE_SIZE).optional(),
    locale: locale.optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'must not be greater than maxPrice',
    path: ['minPrice'],
  });

export type ProductListParams = z.output<typeof productListQuerySchema>;

export function toProductQuery(p: ProductListParams, shopId?: number): ProductQuery {
  const q: ProductQuery = {};
  if (p.category !== undefined && p.category.trim() !== '') q.category = p.category.trim();
  if (p.gender !== undefined) q.gender = p.gender;
  if (shopId !== undefined) q.shopId = shopId;
  if (p.colors !== undefined && p.colors.length > 0) q.colors = p.colors;
  if (p.sizes !== undefined && p.sizes.length > 0) q.sizes = p.sizes;
  if (p.fabrics !== undefined && p.fabrics.length > 0) q.fabrics = p.fabrics;
  if (p.inStock !== undefined) q.inStock = p.inStock;
  if (p.customizable !== undefined) q.customizable = p.customizable;
  if (p.handmade !== undefined) q.handmade = p.handmade;
  if (p.express !== undefined) q.express = p.express;
  if (p.onSale !== undefined) q.onSale = p.onSale;
  if (p.minPrice !== undefined) q.minPrice = p.minPrice;
  if (p.maxPrice !== undefined) q.maxPrice = p.maxPrice;
  if (p.search !== undefined) q.search = p.search;
  if (p.sort !== undefined) q.sort = p.sort;
  if (p.page !== undefined) q.page = p.page;
  if (p.per_page !== undefined) q.perPage = p.per_page;
  return q;
}
