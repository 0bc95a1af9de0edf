/** Every API route that reads a query string, with all of its parameters (and the base query it needs, if any). */

export const LISTING_PARAMS = ['category', 'gender', 'colors', 'sizes', 'fabrics', 'inStock', 'customizable', 'handmade',
  'express', 'onSale', 'minPrice', 'maxPrice', 'search', 'sort', 'page', 'per_page', 'locale'];

export const QUERY_ROUTES: [string, string[]][] = [
  ['/api/products/all', LISTING_PARAMS],
  ['/api/products/mens', ['locale', 'limit']],
  ['/api/products/womens', ['locale', 'limit']],
  ['/api/products/childrens', ['locale', 'limit']],
  ['/api/products/3/details', ['locale']],
  ['/api/products/3/related', ['limit', 'locale']],
  ['/api/stock/3/availability', ['variant_id']],
  ['/api/categories/getAllCategories', ['gender', 'locale']],
  ['/api/categories/topCategories', ['locale']],
  ['/api/categories/women', ['locale']],
  ['/api/shops', ['store_type', 'featured', 'verified', 'status', 'search', 'page', 'per_page', 'locale']],
  ['/api/shops/1', ['locale']],
  ['/api/shops/1/products', LISTING_PARAMS],
  ['/api/sync/products/pull?v=1', ['updatedAt', 'id', 'limit']],
];
