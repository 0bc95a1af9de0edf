import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  filterChips,
  parseListingSearch,
  parsePrice,
  removeChip,
  serializeListingState,
  toProductQuery,
  toggleValue,
  withFilters,
  type ListingState,
} from '../../src/app/listing/filter-state';
import { COLORS } from '../../src/domain/catalog';

const base: ListingState = { filters: EMPTY_FILTERS, sort: 'newest', page: 1 };

describe('listing state ⇄ URL', () => {
  it('a plain listing has an empty query string', () => {
    expect(serializeListingState(base)).toBe('');
    expect(parseListingSearch('')).toEqual(base);
  });

  it('round-trips every filter, the sort and the page', () => {
    const state: ListingState = {
      filters: {
        colors: ['red', 'blue'],
        sizes: ['M', 'XL'],
        fabrics: ['Silk'],
        inStock: true,
        customizable: true,
        onSale: true,
        minPrice: 100,
        maxPrice: 950.5,
        search: 'caftan rouge',
      },
      sort: 'price-high-low',
      page: 3,
    };
    const qs = serializeListingState(state);
    expect(qs).toBe(
      'q=caftan+rouge&colors=red%2Cblue&sizes=M%2CXL&fabrics=Silk&stock=1&custom=1&sale=1&min=100&max=950.5&sort=price-high-low&page=3',
    );
    expect(parseListingSearch(`?${qs}`)).toEqual(state);
  });

  it('drops unknown values and keeps the canonical order', () => {
    const s = parseListingSearch('colors=purple,blue,red&sizes=M,XXXL&fabrics=silk,Wool&sort=cheapest&page=-2');
    expect(s.filters.colors).toEqual(['red', 'blue']);
    expect(s.filters.sizes).toEqual(['M']);
    expect(s.filters.fabrics).toEqual(['Wool']);
    expect(s.sort).toBe('newest');
    expect(s.page).toBe(1);
  });

  it('price bounds: numeric, empty clears, negative or garbage ignored', () => {
    expect(parsePrice('120')).toBe(120);
    expect(parsePrice(' 99,5 ')).toBe(99.5);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('   ')).toBeNull();
    expect(parsePrice('-4')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice(null)).toBeNull();
    expect(parseListingSearch('min=&max=300').filters).toMatchObject({ minPrice: null, maxPrice: 300 });
    expect(parsePrice('0')).toBe(0);
  });

  it('changing filters goes back to page 1', () => {
    const next = withFilters({ ...base, page: 4 }, { ...EMPTY_FILTERS, inStock: true });
    expect(next.page).toBe(1);
    expect(serializeListingState(next)).toBe('stock=1');
  });

  it('maps onto the data worker query within a scope', () => {
    const s = parseListingSearch('colors=red&min=50&stock=1&sort=popular&page=2&q=jabador');
    expect(toProductQuery(s, { category: 'men' })).toEqual({
      category: 'men',
      colors: ['red'],
      minPrice: 50,
      inStock: true,
      search: 'jabador',
      sort: 'popular',
      page: 2,
      perPage: 24,
    });
  });

  it('one removable chip per active filter', () => {
    const f = parseListingSearch('colors=red,blue&stock=1&min=10&q=x').filters;
    const chips = filterChips(f);
    expect(chips.map((c) => c.kind)).toEqual(['search', 'color', 'color', 'inStock', 'price']);
    expect(activeFilterCount(f)).toBe(4);
    const withoutRed = removeChip(f, { kind: 'color', value: 'red' });
    expect(withoutRed.colors).toEqual(['blue']);
    expect(removeChip(f, { kind: 'price', min: 10, max: null })).toMatchObject({ minPrice: null, maxPrice: null });
  });

  it('toggles facet values in canonical order', () => {
    expect(toggleValue(['blue'], 'black', COLORS)).toEqual(['black', 'blue']);
    expect(toggleValue(['black', 'blue'], 'black', COLORS)).toEqual(['blue']);
  });
});
