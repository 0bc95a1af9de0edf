/**
 * The in-memory listing index alone (no RxDB): every answer equals the
 * reference runProductQuery / the related rule on the same documents, right
 * after a build and after any sequence of inserts, updates, deletes and slot
 * reuse, in small batches (merged into the sort orders) and big ones (orders
 * rebuilt).
 */
import { describe, expect, it } from 'vitest';
import { SORTS, type ProductDoc, type ProductQuery } from '../../src/domain/catalog';
import { compareForSort, matchesProductQuery, normalizeProductQuery, runProductQuery } from '../../src/domain/product-query';
import { searchRank, searchTerms } from '../../src/domain/search';
import { ListingIndex, packArabic, searchWords } from '../../src/db/listing-index';
import { CATEGORY_NAMES, makeProducts, prng, SUBCATEGORY_SLUGS } from './support/catalog-fixtures';

const QUERIES: ProductQuery[] = [
  {},
  { category: 'women' },
  { category: 'men-shoes' },
  { category: 'nope' },
  { category: 'men', gender: 'women' },
  { gender: 'children', shopId: 2 },
  { colors: ['red', 'blue'], sizes: ['M'] },
  { fabrics: ['Silk'], inStock: true },
  { onSale: true, express: true, handmade: true, customizable: true },
  { minPrice: 100, maxPrice: 499.99 },
  { minPrice: 250, maxPrice: 250 },
  { search: 'KAFTAN' },
  { search: ' brodée ' },
  { search: 'قفطان' },
  { search: 'k' },
  { search: '\\' },
  { category: 'women', colors: ['red', 'green'], minPrice: 100, search: 'a', perPage: 5, page: 2 },
  // Issue 22: names in every language, garment spellings, category names (rank 1 after the names' matches).
  { search: 'caftan' },
  { search: 'jellaba' },
  { search: 'jilaba laine' },
  { search: 'Caftán' },
  { search: 'DSCHELLABA' },
  { search: 'قفطان مطروز' },
  { search: 'ڭندورة' },
  { search: 'chaussures' },
  { search: 'caftan 1' },
  { search: 'cuir', category: 'men' },
  { search: '!!' },
];

function pageOf(index: ListingIndex, query: ProductQuery) {
  const q = normalizeProductQuery(query);
  const { ids, total } = index.query(q);
  return { ids, total };
}

/**
 * The search rule (src/domain/search.ts) applied by hand: the other filters and the sort by the reference, then
 * the products whose names hold every term, then those that need their category's names, each in sort order.
 */
function rankedBySearchRule(docs: ProductDoc[], query: ProductQuery): { ids: string[]; total: number } {
  const q = normalizeProductQuery(query);
  const all = docs.filter((d) => matchesProductQuery(d, { ...q, search: undefined })).sort(compareForSort(q.sort));
  const terms = searchTerms(q.search ?? '');
  const rank = (d: ProductDoc) => searchRank({ names: Object.values(d.names), categoryNames: Object.values(d.category_names) }, terms);
  const matching = [...all.filter((d) => rank(d) === 0), ...all.filter((d) => rank(d) === 1)];
  const start = (q.page - 1) * q.perPage;
  return { ids: matching.slice(start, start + q.perPage).map((d) => d.id), total: matching.length };
}

function expectSameAsReference(index: ListingIndex, docs: ProductDoc[], query: ProductQuery) {
  const want = runProductQuery(docs, query);
  expect(pageOf(index, query), JSON.stringify(query)).toEqual({ ids: want.items.map((d) => d.id), total: want.total });
  expect(pageOf(index, query), `search rule: ${JSON.stringify(query)}`).toEqual(rankedBySearchRule(docs, query));
}

function expectedRelated(all: ProductDoc[], id: string, limit: number): string[] {
  const p = all.find((d) => d.id === id);
  if (!p || limit <= 0) return [];
  const popular = compareForSort('popular');
  const first = all.filter((d) => d.id !== id && d.category_slug === p.category_slug).sort(popular);
  const second = all.filter((d) => d.gender === p.gender && d.category_slug !== p.category_slug).sort(popular);
  return [...first, ...second].slice(0, limit).map((d) => d.id);
}

/** A random edit of a product: price, sort fields, facets, flags, names or category move. */
function edit(r: ReturnType<typeof prng>, d: ProductDoc): ProductDoc {
  const slugs = Object.values(SUBCATEGORY_SLUGS).flat();
  switch (r.int(0, 5)) {
    case 0:
      return { ...d, effective_price: r.pick([0, 19.99, 250, 1250.5, r.int(1, 400_000) / 100]) };
    case 1:
      return { ...d, sales_count: r.pick([0, 10, r.int(0, 900)]), created_at: d.created_at + r.pick([0, 1, -1]) };
    case 2:
      return { ...d, rating: r.pick([0, 4.2, 5]), reviews_count: r.pick([0, 5, 80]) };
    case 3:
      return { ...d, colors: r.subset(['black', 'red', 'blue'] as const, 0.5), in_stock: !d.in_stock, has_discount: !d.has_discount };
    case 4: {
      const name = r.pick(['KAFTAN Brodée', 'Sac', 'Jabador (silk)']);
      const nameAr = r.pick(['قفطان', 'جلابة']);
      const fr = r.pick([undefined, 'Caftan de soirée', 'Jellaba', 'Sac en cuir']);
      return { ...d, name, name_ar: nameAr, names: { en: name, ar: nameAr, ...(fr === undefined ? {} : { fr }) } };
    }
    default: {
      const slug = r.pick(slugs);
      const gender = (Object.keys(SUBCATEGORY_SLUGS) as (keyof typeof SUBCATEGORY_SLUGS)[]).find((g) =>
        SUBCATEGORY_SLUGS[g].includes(slug),
      )!;
      const categoryNames = CATEGORY_NAMES[slug] ?? {};
      return {
        ...d,
        category_slug: slug,
        gender,
        category_names: categoryNames,
        category_name_en: categoryNames.en ?? '',
        category_name_ar: categoryNames.ar ?? '',
      };
    }
  }
}

describe('ListingIndex = reference', () => {
  it('after a build: every filter, sort and page', () => {
    const docs = makeProducts(400, 21);
    const index = new ListingIndex();
    for (const d of docs) index.upsert(d);
    expect(index.size).toBe(docs.length);
    for (const sort of SORTS) {
      for (const q of QUERIES) {
        for (const paging of [{}, { page: 3, perPage: 7 }, { page: 999 }]) expectSameAsReference(index, docs, { ...q, ...paging, sort });
      }
    }
  });

  it('nothing matches a gender that no product has, or two different genders', () => {
    const index = new ListingIndex();
    const [doc] = makeProducts(1, 3);
    index.upsert({ ...doc!, gender: 'men' });
    expect(pageOf(index, { category: 'women' })).toEqual({ ids: [], total: 0 });
    expect(pageOf(index, { category: 'men', gender: 'women' })).toEqual({ ids: [], total: 0 });
    expect(pageOf(index, { gender: 'men' }).total).toBe(1);
  });

  it('through random inserts, updates, deletes and slot reuse, in small and big batches', () => {
    const r = prng(77);
    const pool = makeProducts(700, 31);
    let live = new Map(pool.slice(0, 300).map((d) => [d.id, d]));
    let next = 300;
    const index = new ListingIndex();
    for (const d of live.values()) index.upsert(d);

    for (let round = 0; round < 60; round++) {
      // Query first so the sort orders exist and later changes have to be merged into them.
      const sort = r.pick(SORTS);
      const batch = r.pick([1, 2, 5, 20, 150]);
      for (let k = 0; k < batch; k++) {
        const op = r.next();
        const ids = [...live.keys()];
        if (op < 0.2 && ids.length > 0) {
          const id = r.pick(ids);
          live.delete(id);
          expect(index.remove(id)).toBe(true);
        } else if (op < 0.35 && next < pool.length) {
          const d = pool[next++]!;
          live.set(d.id, d);
          index.upsert(d);
        } else if (ids.length > 0) {
          const d = edit(r, live.get(r.pick(ids))!);
          live.set(d.id, d);
          index.upsert(d);
        }
      }
      live = new Map(live);
      const docs = [...live.values()];
      expect(index.size).toBe(docs.length);
      expectSameAsReference(index, docs, { sort, perPage: 100, page: 1 });
      expectSameAsReference(index, docs, { ...r.pick(QUERIES), sort });
      const some = r.pick(docs);
      expect(index.related(some.id, 6).ids).toEqual(expectedRelated(docs, some.id, 6));
    }
    expect(index.remove('no-such-id')).toBe(false);
  });

  it('related: same subcategory first, then same gender; never itself; unknown id or no limit gives nothing', () => {
    const docs = makeProducts(200, 11);
    const index = new ListingIndex();
    for (const d of docs) index.upsert(d);
    for (const d of docs.slice(0, 30)) {
      for (const limit of [1, 4, 90]) expect(index.related(d.id, limit).ids).toEqual(expectedRelated(docs, d.id, limit));
    }
    expect(index.related('nope', 4).ids).toEqual([]);
    expect(index.related(docs[0]!.id, 0).ids).toEqual([]);
  });

  it('hands back the stamp each picked entry was stored with', () => {
    const docs = makeProducts(20, 5);
    const index = new ListingIndex();
    docs.forEach((d, i) => index.upsert(d, i + 1));
    const { ids, stamps } = index.query(normalizeProductQuery({ perPage: 100 }));
    expect(stamps).toEqual(ids.map((id) => docs.findIndex((d) => d.id === id) + 1));
    expect(index.stampOf(docs[3]!.id)).toBe(4);
    expect(index.stampOf('nope')).toBeUndefined();
  });

  it('numbers keep their exact values as their columns widen (small integers, then large, then fractions)', () => {
    const base = makeProducts(60, 17);
    const index = new ListingIndex();
    let docs = base.map((d, i) => ({ ...d, sales_count: i % 7, shop_id: (i % 3) + 1, effective_price: i % 5, rating: 0, reviews_count: 1 }));
    for (const d of docs) index.upsert(d);
    const check = () => {
      for (const sort of SORTS) expectSameAsReference(index, docs, { sort, perPage: 100 });
      expectSameAsReference(index, docs, { shopId: 70_000, sort: 'popular' });
      expectSameAsReference(index, docs, { minPrice: 2.5, maxPrice: 1e9, sort: 'price-low-high' });
    };
    check();
    const bigger = [300, 70_000, 5_000_000_000, 1_000_000_000_000];
    docs = docs.map((d, i) =>
      i % 4 === 0
        ? { ...d, sales_count: bigger[i % bigger.length]!, shop_id: 70_000, effective_price: 1e8 - i / 100, rating: 4.25, reviews_count: 2 ** 32 + i }
        : d,
    );
    for (const d of docs) index.upsert(d);
    check();
    // A value that only ties after rounding to 32 bits must still be told apart.
    docs = docs.map((d, i) => (i < 2 ? { ...d, sales_count: 2 ** 32 + i } : d));
    for (const d of docs.slice(0, 2)) index.upsert(d);
    check();
  });

  it('trim gives back spare room without changing any answer', () => {
    const docs = makeProducts(300, 23);
    const index = new ListingIndex();
    for (const d of docs) index.upsert(d);
    for (const sort of SORTS) index.query(normalizeProductQuery({ sort }));
    const before = index.approxBytes();
    index.trim();
    expect(index.approxBytes()).toBeLessThanOrEqual(before);
    for (const sort of SORTS) expectSameAsReference(index, docs, { sort, perPage: 100 });
    const more = makeProducts(700, 29).filter((d) => !docs.some((x) => x.id === d.id));
    for (const d of more) index.upsert(d);
    for (const sort of SORTS) expectSameAsReference(index, [...docs, ...more], { sort, perPage: 100, page: 2 });
  });
});

describe('search in the index (issue 22)', () => {
  it('searchWords: a term is found in the words exactly when searchRank finds it in the names', () => {
    const docs = makeProducts(300, 41);
    const queries = ['caftan', 'kaftan', 'jellaba', 'قفطان', 'brodee', 'strasse', 'cuir 1', 'k', 'x', 'laine', 'جلد'];
    for (const d of docs) {
      for (const query of queries) {
        const terms = searchTerms(query);
        const inWords = terms.every((spellings) => spellings.some((s) => searchWords(d.names).includes(s)));
        expect(inWords, `${d.id} ${query}`).toBe(searchRank({ names: Object.values(d.names), categoryNames: [] }, terms) === 0);
      }
    }
  });

  it('finds a product by its French, Spanish, German or Darija name only, and by the garment spellings', () => {
    const [base] = makeProducts(1, 5);
    const index = new ListingIndex();
    const names = { en: 'Evening dress', ar: 'فستان سهرة', fr: 'Caftan de soirée', es: 'Vestido de noche', de: 'Abendkleid', ma: 'جلابة ديال العشية' };
    index.upsert({ ...base!, id: '1', names, category_names: { en: 'Modern Wear', fr: 'Mode moderne' } });
    for (const search of ['caftan', 'KAFTAN', 'qaftan', 'قفطان', 'soiree', 'vestido', 'ABENDKLEID', 'jellaba', 'djellaba', 'جلابه', 'moderne'])
      expect(pageOf(index, { search }).ids, search).toEqual(['1']);
    for (const search of ['babouche', 'caftan shoes', 'dress kaftan x']) expect(pageOf(index, { search }).total, search).toBe(0);
  });

  it('ranks name matches before category matches, each group in the sort order', () => {
    const [a, b, c] = makeProducts(3, 9);
    const index = new ListingIndex();
    // b: 'caftan' in its category's names only; a and c: in their names. b is the newest.
    index.upsert({ ...a!, id: '1', created_at: 1, names: { fr: 'Caftan rouge' }, category_names: { fr: 'Chaussures' } });
    index.upsert({ ...b!, id: '2', created_at: 3, names: { fr: 'Robe' }, category_names: { fr: 'Caftan' } });
    index.upsert({ ...c!, id: '3', created_at: 2, names: { en: 'Kaftan' }, category_names: { fr: 'Caftan' } });
    expect(pageOf(index, { search: 'caftan', sort: 'newest' }).ids).toEqual(['3', '1', '2']);
    expect(pageOf(index, { search: 'caftan', sort: 'newest', page: 2, perPage: 2 }).ids).toEqual(['2']);
    // 'robe caftan': b's name holds robe, its category caftan: a category match.
    expect(pageOf(index, { search: 'robe caftan' })).toEqual({ ids: ['2'], total: 1 });
  });
});

describe('packArabic', () => {
  it('packs ASCII and the Arabic block one byte per character, refuses anything else', () => {
    expect(packArabic('abc 12')).toBe('abc 12');
    const packed = packArabic('قفطان 7')!;
    expect(packed).toHaveLength('قفطان 7'.length);
    expect([...packed].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(packArabic('brodée')).toBeNull();
    expect(packArabic('ﷲ')).toBeNull();
    expect(packArabic('')).toBe('');
  });

  it('keeps substring answers: a.includes(b) as the index decides it, on random strings', () => {
    const r = prng(101);
    const alphabet = ['a', 'k', ' ', '7', '(', 'ق', 'ف', 'ط', 'ا', 'ن', 'é', 'ß', '\u0650', 'ﷲ', '\u0680'];
    const word = (n: number) => Array.from({ length: n }, () => r.pick(alphabet)).join('');
    for (let i = 0; i < 3000; i++) {
      const text = word(r.int(0, 12));
      const needle = word(r.int(1, 3));
      const packedText = packArabic(text);
      const packedNeedle = packArabic(needle);
      const decided = packedText !== null ? packedNeedle !== null && packedText.includes(packedNeedle) : text.includes(needle);
      expect(decided, JSON.stringify({ text, needle })).toBe(text.includes(needle));
    }
  });
});
