/**
 * Search online through the API (issue 22, src/domain/search.ts): a query finds a product by its name in any of
 * the six languages and by its category's names, under the common spellings of garment names, with accents, case
 * and Arabic letter variants folded; name matches come first, then category matches, each in the sort's order.
 * The listing equals the reference runProductQuery over the pulled documents (and the shop products listing too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc, ProductQuery } from '../../src/domain/catalog';
import { productSearchRank, runProductQuery } from '../../src/domain/product-query';
import { searchTerms } from '../../src/domain/search';
import { startTestServer, type TestServer } from '../helpers/server';
import { getJson } from './support/http';
import { expectListingMatchesReference } from './support/listing-cases';
import { pullAll } from './support/pull-all';

interface Listed {
  id: number;
  name: string;
  category_slug: string;
  names: Record<string, string>;
}
interface ListBody {
  data: Listed[];
  meta: { total: number };
}

let server: TestServer;
let docs: ProductDoc[];
/** A product of a kaftan category whose names hold no spelling of kaftan: found by its category only. */
let robeId: number;
/** A product renamed in French (and English) only. */
let frenchId: number;

async function liveDocs(): Promise<ProductDoc[]> {
  return (await pullAll(server.url, 'products')).documents.filter((d) => !d._deleted).map(({ _deleted: _, ...doc }) => doc);
}

beforeAll(async () => {
  server = await startTestServer({ products: 300 });
  const kaftanCategory = await server.db.kysely.selectFrom('categories').select('id').where('slug', '=', 'women-kaftan').executeTakeFirstOrThrow();
  const inKaftan = await server.db.kysely.selectFrom('products').select('id').where('category_id', '=', kaftanCategory.id).where('deleted', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow();
  robeId = inKaftan.id;
  await server.app.repos.products.writeTexts(robeId, { names: { map: { en: 'Festive Robe Zafira', fr: 'Robe de fête Zafira', ar: 'فستان الحفلات زفيرة' } }, descriptions: {} });
  const other = await server.db.kysely.selectFrom('products').select('id').where('category_id', '<>', kaftanCategory.id).where('deleted', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  frenchId = other.id;
  await server.app.repos.products.writeTexts(frenchId, { names: { map: { fr: 'Gilet brodé de Salé', en: 'Embroidered waistcoat' } }, descriptions: {} });
  docs = await liveDocs();
});
afterAll(async () => {
  await server?.close();
});

const search = (query: string, extra = '') => getJson<ListBody>(server.url, `/api/products/all?per_page=100&search=${encodeURIComponent(query)}${extra}`);

describe('GET /api/products/all?search=', () => {
  it('caftan, jellaba and قفطان find kaftans and djellabas (any spelling, any language, names or category)', async () => {
    for (const [query, garment] of [
      ['caftan', 'kaftan'],
      ['qaftan', 'kaftan'],
      ['Caftán', 'kaftan'],
      ['قفطان', 'kaftan'],
      ['jellaba', 'djellaba'],
      ['jilaba', 'djellaba'],
      ['جلابة', 'djellaba'],
    ] as const) {
      const res = await search(query);
      expect(res.status, query).toBe(200);
      expect(res.body.meta.total, query).toBeGreaterThan(0);
      // Every product of the garment's categories is found, by name or by category.
      const ofGarment = docs.filter((d) => d.category_slug.endsWith(`-${garment}`));
      expect(ofGarment.length, garment).toBeGreaterThan(0);
      const found = new Set<number>(res.body.data.map((p) => p.id));
      for (let page = 2; page <= Math.ceil(res.body.meta.total / 100); page++) {
        for (const p of (await search(query, `&page=${page}`)).body.data) found.add(p.id);
      }
      for (const d of ofGarment) expect(found.has(Number(d.id)), `${query}: ${d.id} ${d.name}`).toBe(true);
      // And nothing the rule does not find.
      expect(res.body.meta.total, query).toBe(docs.filter((d) => productSearchRank(d, searchTerms(query)) !== null).length);
    }
  });

  it('finds a product by its French name, accents and case ignored', async () => {
    for (const query of ['gilet brodé', 'GILET BRODE', 'brode sale', 'Salé']) {
      const res = await search(query);
      expect(res.body.data.map((p) => p.id), query).toContain(frenchId);
    }
    // The English name finds it too; a word of neither does not.
    expect((await search('embroidered waistcoat')).body.data.map((p) => p.id)).toContain(frenchId);
    expect((await search('gilet zzz')).body.meta.total).toBe(0);
  });

  it('ranks name matches first, then category matches, each group in the sort', async () => {
    for (const sort of ['newest', 'price-low-high', 'popular'] as const) {
      const q: ProductQuery = { search: 'caftan', sort, perPage: 100 };
      const { body } = await expectListingMatchesReference(server.url, docs, q, 0);
      const ids = body.data.map((p) => String(p.id));
      const byId = new Map(docs.map((d) => [d.id, d]));
      const ranks = ids.map((id) => productSearchRank(byId.get(id) as ProductDoc, searchTerms('caftan')));
      expect(ranks, sort).toEqual([...ranks].sort());
      expect(ranks, sort).toContain(0);
      // The robe is in a kaftan category but holds no kaftan in its names: after every name match.
      expect(ranks[ids.indexOf(String(robeId))], sort).toBe(1);
      expect(runProductQuery(docs, q).items.map((d) => d.id)).toEqual(ids);
    }
  });

  it('ignores Arabic letter variants, tatweel and diacritics', async () => {
    const plain = await search('قفطان');
    for (const variant of ['قـفـطـان', 'قَفْطَان']) {
      const res = await search(variant);
      expect(res.body.meta.total, variant).toBe(plain.body.meta.total);
    }
    const robe = await search('فستان الحفلات زفيره');
    expect(robe.body.data.map((p) => p.id)).toEqual([robeId]);
  });

  it('the shop products listing follows the same rule', async () => {
    const shop = docs.find((d) => d.category_slug.endsWith('-kaftan'))?.shop_id;
    if (shop === undefined) throw new Error('no kaftan shop');
    const res = await getJson<ListBody>(server.url, `/api/shops/${shop}/products?search=caftan&per_page=100&sort=price-low-high`);
    const expected = runProductQuery(docs, { shopId: shop, search: 'caftan', sort: 'price-low-high', perPage: 100 });
    expect(expected.total).toBeGreaterThan(0);
    expect(res.body.data.map((p) => String(p.id))).toEqual(expected.items.map((d) => d.id));
    expect(res.body.meta.total).toBe(expected.total);
  });

  it('a renamed product is found by its new name at once, and no longer by its old one', async () => {
    const target = docs.find((d) => d.category_slug.endsWith('-shoes'));
    if (!target) throw new Error('no shoes');
    const before = await search('Quetzalcoatl');
    expect(before.body.meta.total).toBe(0);
    await server.app.repos.products.writeTexts(Number(target.id), { names: { map: { de: 'Quetzalcoatl-Pantoffeln' } }, descriptions: {} });
    expect((await search('quetzalcoatl pantoffeln')).body.data.map((p) => p.id)).toEqual([Number(target.id)]);
    await server.app.repos.products.writeTexts(Number(target.id), { names: { map: target.names }, descriptions: {} });
    expect((await search('Quetzalcoatl')).body.meta.total).toBe(0);
  });
});
