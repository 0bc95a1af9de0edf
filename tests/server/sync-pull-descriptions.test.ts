/**
 * GET /api/sync/products/pull?lang=: each product's descriptions in the one language a reader of `lang` is shown
 * (textIn along the fallback chain), everything else as the full pull sends it (docs/CATALOGUE.md, "In the app").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LANGUAGES, textIn } from '../../src/domain/catalog-text';
import type { ProductDoc } from '../../src/domain/catalog';
import { PROTOCOL_VERSION } from '../../src/sync/protocol';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 40 });
  // One product whose descriptions are held in German alone: every reader falls back to it.
  await server.db.kysely.updateTable('products').set({ descriptions_json: JSON.stringify({ de: 'Nur auf Deutsch.' }) }).where('id', '=', 3).execute();
});
afterAll(async () => {
  await server?.close();
});

async function pull(query: string): Promise<{ status: number; body: { documents: ProductDoc[]; code?: string } }> {
  const res = await fetch(`${server.url}/api/sync/products/pull?v=${PROTOCOL_VERSION}&limit=100${query}`);
  return { status: res.status, body: (await res.json()) as { documents: ProductDoc[]; code?: string } };
}

describe('products pull with lang', () => {
  it.each(TEXT_LANGUAGES.map((l) => [l]))('lang=%s: the descriptions a reader of it is shown, alone; the rest unchanged', async (lang) => {
    const full = await pull('');
    const trimmed = await pull(`&lang=${lang}`);
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.documents.map((d) => d.id)).toEqual(full.body.documents.map((d) => d.id));
    let multilingual = 0;
    full.body.documents.forEach((doc, i) => {
      const mine = trimmed.body.documents[i]!;
      const shown = textIn(doc.descriptions, lang);
      if (Object.keys(doc.descriptions).length > 1) multilingual++;
      expect(Object.values(mine.descriptions), `product ${doc.id}`).toEqual(shown === '' ? [] : [shown]);
      expect(textIn(mine.descriptions, lang)).toBe(shown);
      expect({ ...mine, descriptions: null }).toEqual({ ...doc, descriptions: null });
    });
    expect(multilingual).toBeGreaterThan(10);
    expect(trimmed.body.documents.find((d) => d.id === '3')?.descriptions).toEqual({ de: 'Nur auf Deutsch.' });
  });

  it('an unknown language is a 400 naming lang; other collections ignore it', async () => {
    const bad = await pull('&lang=xx');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('lang');
    const res = await fetch(`${server.url}/api/sync/categories/pull?v=${PROTOCOL_VERSION}&limit=100&lang=fr`);
    const plain = await fetch(`${server.url}/api/sync/categories/pull?v=${PROTOCOL_VERSION}&limit=100`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await plain.json());
  });
});
