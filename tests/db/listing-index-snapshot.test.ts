/**
 * ListingIndex.toSnapshot / fromSnapshot alone (no RxDB): the index restored
 * from a structured clone of its snapshot gives every answer and stamp of the
 * original, also after both go on taking the same writes (freed slots reused,
 * columns widened, sort orders merged), and a snapshot that does not add up is
 * refused.
 */
import { describe, expect, it } from 'vitest';
import { SORTS, type ProductDoc, type ProductQuery } from '../../src/domain/catalog';
import { normalizeProductQuery } from '../../src/domain/product-query';
import { ListingIndex } from '../../src/db/listing-index';
import { makeProducts, prng } from './support/catalog-fixtures';

const QUERIES: ProductQuery[] = [
  {},
  { category: 'women' },
  { gender: 'children', shopId: 2 },
  { colors: ['red', 'blue'], sizes: ['M'], inStock: true },
  { minPrice: 100, maxPrice: 499.99, onSale: true },
  { search: 'KAFTAN' },
  { search: 'قفطان' },
  { category: 'women', colors: ['red', 'green'], search: 'a', perPage: 5, page: 2 },
];

function expectSameAnswers(restored: ListingIndex, original: ListingIndex, ids: string[]) {
  expect(restored.size).toBe(original.size);
  for (const sort of SORTS) {
    for (const query of QUERIES) {
      const q = normalizeProductQuery({ ...query, sort, perPage: query.perPage ?? 100 });
      expect(restored.query(q), `${sort} ${JSON.stringify(query)}`).toEqual(original.query(q));
    }
  }
  for (const id of ids) {
    expect(restored.stampOf(id)).toBe(original.stampOf(id));
    expect(restored.related(id, 9)).toEqual(original.related(id, 9));
  }
}

function restoredCopy(index: ListingIndex): ListingIndex {
  return ListingIndex.fromSnapshot(structuredClone(index.toSnapshot()));
}

describe('ListingIndex snapshot', () => {
  it('restores every answer and stamp, and both indexes stay equal under the same writes', () => {
    const r = prng(31);
    const pool = makeProducts(700, 37);
    const original = new ListingIndex();
    pool.slice(0, 500).forEach((d, i) => original.upsert(d, 1 + (i % 3)));
    // Sort orders in use (kept in the snapshot), then freed slots and a name that does not pack.
    original.query(normalizeProductQuery({ sort: 'popular' }));
    original.query(normalizeProductQuery({ sort: 'price-low-high' }));
    for (const d of pool.slice(0, 40)) original.remove(d.id);
    original.upsert({ ...pool[50]!, names: { ...pool[50]!.names, ar: 'قفطان 🌙' } }, 4);
    const restored = restoredCopy(original);
    const ids = pool.map((d) => d.id);
    expectSameAnswers(restored, original, ids);

    const write = (index: ListingIndex, d: ProductDoc, op: number, stamp: number) => (op < 0.3 ? index.remove(d.id) : index.upsert(d, stamp));
    for (let round = 0; round < 3; round++) {
      const batch = Array.from({ length: 60 }, () => ({ d: r.pick(pool), op: r.next(), stamp: r.int(1, 9) }));
      // A price past Uint32 and a negative one widen the restored columns too.
      batch.push({ d: { ...pool[600 + round]!, effective_price: round === 0 ? 5e9 : -1.5, sales_count: 70_000 }, op: 1, stamp: 9 });
      for (const { d, op, stamp } of batch) {
        write(original, d, op, stamp);
        write(restored, d, op, stamp);
      }
      expectSameAnswers(restored, original, ids);
      expectSameAnswers(restoredCopy(restored), original, ids);
    }
  });

  it('refuses a snapshot that does not add up', () => {
    const index = new ListingIndex();
    for (const d of makeProducts(30, 41)) index.upsert(d, 1);
    index.remove(makeProducts(30, 41)[3]!.id);
    const good = index.toSnapshot();
    expect(ListingIndex.fromSnapshot(good).size).toBe(29);
    const broken = [
      { ...good, idLengths: good.idLengths.slice(1) },
      { ...good, ids: `${good.ids}x` },
      { ...good, free: new Int32Array(0) },
      { ...good, genders: [...good.genders, good.genders[0]!] },
      { ...good, shop: new Int8Array(good.shop.length) as unknown as Uint8Array },
      { ...good, orders: [{ sort: 'popular' as const, slots: new Int32Array([0, 1]) }] },
    ];
    for (const snap of broken) expect(() => ListingIndex.fromSnapshot(snap)).toThrow(/ListingIndex snapshot/);
  });
});
