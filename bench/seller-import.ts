/**
 * The seller's CSV import on SQLite (issue 23 goal: 5,000 rows in under 10 s on this machine; docs/SELLERS.md
 * "CSV"). One Souk instance (a process of its own) over an SQLite file seeded with a small catalogue; a demo
 * seller signs in and POSTs a text/csv file of BENCH_SELLER_ROWS rows [5000] — products of 5 variants each (five
 * sizes of one colour and fabric), names in three languages — through the real route: parsing, the per-product
 * checks (category, SKUs), the writes of every derived column, the counts and the stamps, in one transaction.
 * Then the same file again (every product found and unchanged: nothing written) and the export of the shop.
 * Times are wall clock from the request to the answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvCell, REQUIRED_COLUMNS } from '../src/domain/product-csv';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/seed/seed-demo';
import { sellerEmail } from '../src/server/seed/seed-sellers';
import { BENCH_SCRYPT_LOG2N, startInstance } from './servers';
import type { SectionResult } from './sections';

const GOAL_SECONDS = 10;
const PASSWORD = 'bench-seller-password';
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;

export interface SellerImportOptions {
  rows: number;
}

/** `rows` rows, SIZES.length per product. */
export function benchCsv(rows: number, categoryId: number, run: string): string {
  const lines = [REQUIRED_COLUMNS.join(',')];
  for (let r = 0; r < rows; r++) {
    const product = Math.floor(r / SIZES.length);
    const cells: Record<string, string> = {
      product_sku: `BENCH-${run}-${product}`,
      name_en: `Bench kaftan ${product}`,
      name_fr: `Caftan d'essai ${product}`,
      name_ar: `قفطان ${product}`,
      category_id: String(categoryId),
      price: String(500 + (product % 50) * 10),
      discount_price: product % 3 === 0 ? String(450 + (product % 50) * 10) : '',
      size: SIZES[r % SIZES.length] as string,
      color: 'red',
      fabric: 'Silk',
      stock: String(r % 7),
    };
    lines.push(REQUIRED_COLUMNS.map((c) => csvCell(cells[c] ?? '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function sellerImportSection(opts: SellerImportOptions): Promise<SectionResult> {
  const dir = mkdtempSync(join(tmpdir(), 'souk-bench-seller-'));
  const file = join(dir, 'souk.db');
  try {
    const db = openDatabase(file);
    await migrateToLatest(db);
    await seedDemo(db, { products: 200, sellerPassword: PASSWORD, scryptLog2N: BENCH_SCRYPT_LOG2N });
    const shop = await db.kysely.selectFrom('shops').select(['slug']).where('owner_user_id', 'is not', null).where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    const category = await db.kysely.selectFrom('categories').select('id').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await db.close();

    const instance = await startInstance({ kind: 'souk', database: file });
    try {
      const login = await fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: sellerEmail(shop.slug), password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv; charset=utf-8' };
      const csv = benchCsv(opts.rows, category.id, String(Date.now()));
      const timed = async (fn: () => Promise<Response>) => {
        const started = performance.now();
        const res = await fn();
        const body = await res.text();
        return { seconds: (performance.now() - started) / 1000, status: res.status, body };
      };
      const send = () => fetch(`${instance.url}/api/seller/products/import`, { method: 'POST', headers, body: csv });
      const first = await timed(send);
      const again = await timed(send);
      const exported = await timed(() => fetch(`${instance.url}/api/seller/products/export.csv`, { headers: { authorization: `Bearer ${token}` } }));
      const summary = (r: { status: number; body: string }) => {
        if (r.status !== 200) return `HTTP ${r.status}`;
        const b = JSON.parse(r.body) as { created: number; updated: number; errors: unknown[] };
        return `created ${b.created}, updated ${b.updated}, errors ${b.errors.length}`;
      };
      const products = Math.ceil(opts.rows / SIZES.length);
      return {
        title: `Seller CSV import on SQLite: ${opts.rows} rows (${products} products × ${SIZES.length} variants), one instance`,
        rows: [
          ['', 'seconds', 'goal', 'answer'],
          [`import ${opts.rows} rows, new products`, first.seconds.toFixed(2), `< ${GOAL_SECONDS} s ${first.seconds < GOAL_SECONDS ? '(met)' : '(MISSED)'}`, summary(first)],
          ['the same file again (nothing changes)', again.seconds.toFixed(2), '-', summary(again)],
          ['export of the shop (CSV)', exported.seconds.toFixed(2), '-', `HTTP ${exported.status}, ${exported.body.length} characters`],
        ],
        notes: ['Through POST /api/seller/products/import (text/csv) with a seller token; one write transaction per import.'],
      };
    } finally {
      await instance.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
