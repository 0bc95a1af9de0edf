/** Shops list: state ⇄ URL (spec §2 filters in the URL), the local query it makes, and the page with the API's meta. */
import { describe, expect, it } from 'vitest';
import type { ShopDoc } from '../../src/domain/catalog';
import {
  activeFilterCount,
  DEFAULT_SHOP_LIST,
  parseShopListSearch,
  serializeShopListState,
  shopsPageQuery,
  SHOPS_PER_PAGE,
  withFilters,
} from '../../src/app/shops/shop-filters';
import { pageOfShops, SHOPS_DEFAULT_PER_PAGE } from '../../src/db/queries/shops';

describe('shops list state ⇄ URL', () => {
  it('a plain list has a clean URL and the defaults', () => {
    expect(serializeShopListState(DEFAULT_SHOP_LIST)).toBe('');
    expect(parseShopListSearch('')).toEqual(DEFAULT_SHOP_LIST);
  });

  it('round-trips every filter, the search and the page', () => {
    const state = { search: 'dar lalla', storeType: 'manufacturer' as const, featured: true, verified: true, page: 2 };
    const qs = serializeShopListState(state);
    expect(qs).toBe('q=dar+lalla&type=manufacturer&featured=1&verified=1&page=2');
    expect(parseShopListSearch(qs)).toEqual(state);
    expect(parseShopListSearch(`?${qs}`)).toEqual(state);
  });

  it('drops unknown or malformed values instead of trusting them', () => {
    expect(parseShopListSearch('type=boutique&featured=yes&verified=0&page=-3')).toEqual(DEFAULT_SHOP_LIST);
    expect(parseShopListSearch('page=2.5').page).toBe(1);
    expect(parseShopListSearch('page=abc').page).toBe(1);
    expect(parseShopListSearch('featured=true&verified=true')).toMatchObject({ featured: true, verified: true });
    expect(parseShopListSearch(`q=${'x'.repeat(150)}`).search).toHaveLength(100);
    expect(parseShopListSearch('q=%20%20kaftan%20').search).toBe('kaftan');
  });

  it('a filter or search change goes back to page 1', () => {
    const on3 = { ...DEFAULT_SHOP_LIST, page: 3 };
    expect(withFilters(on3, { verified: true })).toEqual({ ...DEFAULT_SHOP_LIST, verified: true, page: 1 });
    expect(withFilters(on3, { search: 'fes' }).page).toBe(1);
  });

  it('counts the active filters', () => {
    expect(activeFilterCount(DEFAULT_SHOP_LIST)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_SHOP_LIST, storeType: 'company', featured: true, verified: true })).toBe(3);
  });

  it('makes the local query: a flag that is off means any, not false', () => {
    expect(shopsPageQuery(DEFAULT_SHOP_LIST)).toEqual({ kind: 'shopsPage', page: 1, perPage: SHOPS_PER_PAGE });
    expect(shopsPageQuery({ search: 'fes', storeType: 'regular', featured: true, verified: true, page: 2 })).toEqual({
      kind: 'shopsPage',
      storeType: 'regular',
      featured: true,
      verified: true,
      search: 'fes',
      page: 2,
      perPage: SHOPS_PER_PAGE,
    });
    expect(SHOPS_PER_PAGE).toBe(SHOPS_DEFAULT_PER_PAGE);
  });
});

function shop(id: number, over: Partial<ShopDoc> = {}): ShopDoc {
  return {
    id: String(id),
    name: `Shop ${id}`,
    name_ar: `متجر ${id}`,
    slug: `shop-${id}`,
    status: 'active',
    logo: '',
    cover: '',
    description: '',
    description_ar: '',
    names: { en: over.name ?? `Shop ${id}`, ar: over.name_ar ?? `متجر ${id}` },
    descriptions: {},
    city: 'Fes',
    address: '1 Derb',
    rating: 4,
    total_reviews: 0,
    products_count: 0,
    followers: 0,
    response_rate: 90,
    response_time_hours: 2,
    joined_at: 0,
    store_type: 'regular',
    is_featured: false,
    is_verified: false,
    updatedAt: 0,
    ...over,
  };
}

describe('a page of shops from the local database (GET /api/shops semantics)', () => {
  const shops = Array.from({ length: 15 }, (_, i) =>
    shop(i + 1, {
      rating: (i % 5) + 1,
      is_featured: i % 4 === 0,
      is_verified: i % 2 === 0,
      store_type: (['individual', 'company', 'manufacturer'] as const)[i % 3],
    }),
  );

  it('pages with the API meta and the server order (featured, rating, id as text)', () => {
    const first = pageOfShops(shops, { perPage: 12 });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 12, total: 15 });
    expect(first.data).toHaveLength(12);
    expect(first.data.slice(0, 4).every((s) => s.is_featured)).toBe(true);
    const second = pageOfShops(shops, { page: 2, perPage: 12 });
    expect(second.data.map((s) => s.id)).toHaveLength(3);
    const all = [...first.data, ...second.data].map((s) => s.id);
    expect(new Set(all).size).toBe(15);
    // Rating then id as text among the non-featured: 10 before 2 when both have the same rating.
    const ties = pageOfShops([shop(2), shop(10)], {}).data.map((s) => s.id);
    expect(ties).toEqual(['10', '2']);
  });

  it('filters by store type, featured and verified; a page past the end is empty with the real meta', () => {
    const page = pageOfShops(shops, { storeType: 'company', verified: true });
    expect(page.data.every((s) => s.store_type === 'company' && s.is_verified)).toBe(true);
    expect(page.meta.total).toBe(shops.filter((s) => s.store_type === 'company' && s.is_verified).length);
    expect(pageOfShops(shops, { featured: true }).meta.total).toBe(4);
    expect(pageOfShops(shops, { featured: false }).meta.total).toBe(11);
    expect(pageOfShops(shops, { page: 9 })).toEqual({ data: [], meta: { current_page: 9, last_page: 2, per_page: 12, total: 15 } });
    expect(pageOfShops([], {}).meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 0 });
  });

  it('searches the name or the Arabic name, case-insensitively', () => {
    const named = [shop(1, { name: 'Dar Lalla Kaftan' }), shop(2, { name: 'Babouche Royale', name_ar: 'بابوش رويال' })];
    expect(pageOfShops(named, { search: 'LALLA' }).data.map((s) => s.id)).toEqual(['1']);
    expect(pageOfShops(named, { search: ' بابوش ' }).data.map((s) => s.id)).toEqual(['2']);
    expect(pageOfShops(named, { search: 'zzz' }).meta.total).toBe(0);
  });

  it('searches the names in every language with the catalogue search rule (spellings, accents, Arabic letters)', () => {
    const named = [
      shop(1, { name: 'Dar Lalla', names: { en: 'Dar Lalla', fr: 'Maison du Caftan', es: 'Casa del Caftán', ar: 'دار القفطان' } }),
      shop(2, { name: 'Babouche Royale', names: { en: 'Babouche Royale', de: 'Königliche Pantoffeln' } }),
    ];
    const ids = (search: string) => pageOfShops(named, { search }).data.map((s) => s.id);
    expect(ids('kaftan')).toEqual(['1']);
    expect(ids('maison caftan')).toEqual(['1']);
    expect(ids('قفطان')).toEqual(['1']);
    expect(ids('CAFTAN')).toEqual(['1']);
    expect(ids('konigliche')).toEqual(['2']);
    expect(ids('belgha')).toEqual(['2']);
    expect(ids('maison babouche')).toEqual([]);
  });
});
