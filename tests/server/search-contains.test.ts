/**
 * Search is a substring test of each folded word on both databases (db/search-text.ts, the rule of
 * src/domain/search.ts). On PostgreSQL it is a LIKE that a trigram index answers (0019_catalog_texts), so a
 * needle's own %, _ and \ must be taken as text, never as wildcards. The search rule folds punctuation away
 * before SQL sees a word: a query of punctuation only is no search (every product), one with letters searches
 * its letters ('a%' is 'a'), never a wildcard.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchRank, searchTerms } from '../../src/domain/search';
import { containsPattern } from '../../src/server/db/search-text';
import { PRODUCT_SEARCH_TRIGRAM_INDEX } from '../../src/server/db/migrations/0019_catalog_texts';
import { onSqliteAndPostgres } from '../helpers/both-databases';

interface ListBody {
  data: { name: string; name_ar: string; names: Record<string, string>; category_names: Record<string, string> }[];
  meta: { total: number };
}

/** What the rule finds for `query` in a listed product (its names, then its category's). */
const rank = (p: ListBody['data'][number], query: string) =>
  searchRank({ names: Object.values(p.names), categoryNames: Object.values(p.category_names) }, searchTerms(query));

async function search(url: string, needle: string): Promise<{ status: number; body: ListBody }> {
  const res = await fetch(`${url}/api/products/all?per_page=100&search=${encodeURIComponent(needle)}`);
  return { status: res.status, body: (await res.json()) as ListBody };
}

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(containsPattern('kaftan')).toBe('%kaftan%');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('c:\\x')).toBe('%c:\\\\x%');
  });
});

onSqliteAndPostgres(
  'product search takes the needle literally',
  async (url, db, dialect) => {
    const all = await search(url, '');
    expect(all.body.meta.total).toBeGreaterThan(10);

    for (const needle of ['%', '_', '\\', '%%']) {
      const res = await search(url, needle);
      expect(res.status, needle).toBe(200);
      expect(res.body.meta.total, `'${needle}' folds to no word: no search, not a wildcard`).toBe(all.body.meta.total);
    }
    const kaftan = await search(url, 'kaftan');
    expect(kaftan.body.meta.total).toBeGreaterThan(0);
    expect(kaftan.body.meta.total).toBeLessThan(all.body.meta.total);
    for (const needle of ['kaftan%', '_kaftan', '%kaftan_']) {
      const res = await search(url, needle);
      expect(res.body.meta.total, `'${needle}' searches 'kaftan'`).toBe(kaftan.body.meta.total);
    }
    expect((await search(url, 'zz%zz')).body.meta.total, "'zz zz' matches nothing").toBe(0);

    const word = await search(url, 'KAFTAN');
    expect(word.body.meta.total).toBeGreaterThan(0);
    expect(word.body.meta.total).toBeLessThan(all.body.meta.total);
    expect(word.body.data.every((p) => rank(p, 'kaftan') !== null)).toBe(true);
    const arabic = await search(url, 'قفطان');
    expect(arabic.body.meta.total).toBeGreaterThan(0);
    expect(arabic.body.data.every((p) => rank(p, 'قفطان') !== null)).toBe(true);

    if (dialect === 'postgres') {
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm'`.execute(
        db.kysely,
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual([PRODUCT_SEARCH_TRIGRAM_INDEX]);
      // With sequential scans priced out, a search's count is answered from the trigram index.
      await db.kysely.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from products where search_text like ${containsPattern('zzqx')} escape '\\' or search_text like ${containsPattern('qxzz')} escape '\\'`.execute(
          tx,
        );
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(PRODUCT_SEARCH_TRIGRAM_INDEX);
      });
    }
  },
  { products: 200 },
);
