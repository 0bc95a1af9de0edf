/**
 * Products are pulled with their descriptions in the interface language alone (docs/CATALOGUE.md, "In the app"),
 * against the real server: a reader of that language sees exactly what the full map would show, names stay in
 * every language (the listing searches them), and a change of language pulls the products again from the
 * beginning with the new language's descriptions, in the same session and at the next start alike. A client that
 * gives no language stores every language held.
 */
import { describe, expect, it } from 'vitest';
import { textIn } from '../../src/domain/catalog-text';
import { CATALOGUE_PULL_ID } from '../../src/sync/catalogue-repull';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import type { TestServer } from '../helpers/server';
import { closeClientAfterEach, localDocs, plain, serverDocs, startClient, type TestClient, useTestServer, waitFor } from './support/client';
import type { ProductDoc } from '../../src/domain/catalog';

let server: TestServer;
useTestServer({ products: 60 }, (s) => (server = s));
let client: TestClient | null = null;
closeClientAfterEach(
  () => client,
  () => (client = null),
);

/** A fetch that records every products pull's `lang` and whether it started from the beginning. */
function pullRecorder(): { fetch: FetchLike; pulls: { lang: string | null; fromStart: boolean }[] } {
  const pulls: { lang: string | null; fromStart: boolean }[] = [];
  const fetchLike: FetchLike = (input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/api/sync/products/pull')) pulls.push({ lang: url.searchParams.get('lang'), fromStart: !url.searchParams.has('updatedAt') });
    return fetch(input, init);
  };
  return { fetch: fetchLike, pulls };
}

/** Whether every local product holds, as descriptions, exactly the one a reader of `language` is shown. */
async function holdsDescriptionsIn(c: TestClient, language: string): Promise<boolean> {
  const remote = await serverDocs(server.url, 'products');
  const local = (await localDocs(c.service, 'products')) as Map<string, ProductDoc>;
  return [...remote].every(([id, doc]) => {
    const shown = textIn(doc.descriptions, language);
    return JSON.stringify(Object.values(local.get(id)?.descriptions ?? { none: true })) === JSON.stringify(shown === '' ? [] : [shown]);
  });
}

/** Every local product holds, as descriptions, the one a reader of `language` is shown; the rest as on the server. */
async function expectDescriptionsIn(c: TestClient, language: string): Promise<void> {
  const remote = await serverDocs(server.url, 'products');
  const local = (await localDocs(c.service, 'products')) as Map<string, ProductDoc>;
  expect(local.size).toBe(remote.size);
  for (const [id, doc] of remote) {
    const mine = local.get(id);
    if (!mine) throw new Error(`product ${id} missing`);
    const shown = textIn(doc.descriptions, language);
    expect(Object.values(mine.descriptions), `product ${id}`).toEqual(shown === '' ? [] : [shown]);
    expect(textIn(mine.descriptions, language), `product ${id}`).toBe(shown);
    const { descriptions: _a, ...rest } = mine;
    const { descriptions: _b, ...theirs } = plain(doc);
    expect(rest, `product ${id}`).toEqual(theirs);
  }
}

const descriptionLanguageStored = async (c: TestClient) =>
  (await (await c.service.database()).getLocal<{ descriptionLanguage?: string }>(CATALOGUE_PULL_ID))?.toJSON().data.descriptionLanguage;

describe('product descriptions in the interface language', () => {
  it('the server holds descriptions in several languages (else this proves nothing)', async () => {
    const products = [...(await serverDocs(server.url, 'products')).values()];
    expect(products.filter((p) => Object.keys(p.descriptions).length >= 5).length).toBeGreaterThan(products.length / 2);
  });

  it('a first sync in French stores the French descriptions alone; the names stay complete', async () => {
    const recorder = pullRecorder();
    client = await startClient({ apiBase: server.url, fetch: recorder.fetch, language: 'fr' });
    await client.service.awaitInitialSync();
    expect(recorder.pulls.length).toBeGreaterThan(0);
    expect(recorder.pulls.every((p) => p.lang === 'fr')).toBe(true);
    await expectDescriptionsIn(client, 'fr');
    expect(await descriptionLanguageStored(client)).toBe('fr');
  });

  it('switching language in the session pulls every product again from the beginning, in the new language', async () => {
    const recorder = pullRecorder();
    client = await startClient({ apiBase: server.url, fetch: recorder.fetch, language: 'fr', batchSize: 25 });
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 10_000, 'live');
    const before = recorder.pulls.length;
    await client.service.languageChanged('de');
    await waitFor(async () => (await descriptionLanguageStored(client!)) === 'de', 10_000, 'the German pull');
    await waitFor(() => holdsDescriptionsIn(client!, 'de'), 10_000, 'every product in German');
    const after = recorder.pulls.slice(before);
    expect(after[0]).toEqual({ lang: 'de', fromStart: true });
    expect(after.filter((p) => p.lang === 'de').length).toBeGreaterThanOrEqual(3);
    await expectDescriptionsIn(client, 'de');

    // The same language again: nothing is pulled.
    const settled = recorder.pulls.length;
    await client.service.languageChanged('de');
    await client.service.languageChanged('xx');
    await new Promise((r) => setTimeout(r, 200));
    expect(recorder.pulls.length).toBe(settled);
  });

  it('a start in another language than the stored descriptions pulls them again; the same language pulls only changes', async () => {
    const first = await startClient({ apiBase: server.url, language: 'es' });
    client = first;
    await first.service.awaitInitialSync();
    await expectDescriptionsIn(first, 'es');
    await first.service.close();

    const recorder = pullRecorder();
    client = await startClient({ apiBase: server.url, dbName: first.dbName, fetch: recorder.fetch, language: 'ma' });
    await waitFor(async () => (await descriptionLanguageStored(client!)) === 'ma', 10_000, 'the Darija pull');
    await waitFor(() => holdsDescriptionsIn(client!, 'ma'), 10_000, 'every product in Darija');
    expect(recorder.pulls[0]).toEqual({ lang: 'ma', fromStart: true });
    await expectDescriptionsIn(client, 'ma');
    await client.service.close();

    const again = pullRecorder();
    client = await startClient({ apiBase: server.url, dbName: first.dbName, fetch: again.fetch, language: 'ma' });
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client!.service.syncStatus()).phase === 'live', 10_000, 'live');
    expect(again.pulls.every((p) => !p.fromStart)).toBe(true);
  });

  it('without a language every description is stored', async () => {
    client = await startClient({ apiBase: server.url });
    await client.service.awaitInitialSync();
    const remote = await serverDocs(server.url, 'products');
    const local = await localDocs(client.service, 'products');
    for (const [id, doc] of remote) expect(local.get(id), `product ${id}`).toEqual(plain(doc));
    expect(await descriptionLanguageStored(client)).toBeUndefined();
  });
});
