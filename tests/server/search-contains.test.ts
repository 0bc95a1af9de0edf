/**
 * Search is a literal, case-folded substring test on both databases (db/search-text.ts). On PostgreSQL it is a
 * LIKE that a trigram index answers (0017_search_trigrams), so the needle's own %, _ and \ must be taken as
 * text, never as wildcards: '%' finds no product (no name holds one), where an unescaped LIKE would find all.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../src/server/db/search-text';
import { onSqliteAndPostgres } from '../helpers/both-databases';

interface ListBody {
  data: { name: string; name_ar: string }[];
  meta: { total: number };
}

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

    for (const needle of ['%', '_', '\\', '%%', 'a%', '_a']) {
      const res = await search(url, needle);
      expect(res.status, needle).toBe(200);
      expect(res.body.meta.total, `'${needle}' is text, not a wildcard`).toBe(0);
    }

    const word = await search(url, 'KAFTAN');
    expect(word.body.meta.total).toBeGreaterThan(0);
    expect(word.body.meta.total).toBeLessThan(all.body.meta.total);
    expect(word.body.data.every((p) => p.name.toLowerCase().includes('kaftan') || p.name_ar.includes('kaftan'))).toBe(true);
    const arabic = await search(url, 'قفطان');
    expect(arabic.body.meta.total).toBeGreaterThan(0);
    expect(arabic.body.data.every((p) => p.name_ar.includes('قفطان') || p.name.toLowerCase().includes('قفطان'))).toBe(true);

    if (dialect === 'postgres') {
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'products' and indexname like '%trgm'`.execute(
        db.kysely,
      );
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual(['products_name_ar_trgm', 'products_search_name_trgm']);
      // With sequential scans priced out, a search's count is answered from the trigram indexes.
      await db.kysely.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from products where search_name like ${containsPattern('zzqx')} escape '\\' or name_ar like ${containsPattern('zzqx')} escape '\\'`.execute(
          tx,
        );
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('products_search_name_trgm');
      });
    }
  },
  { products: 200 },
);
