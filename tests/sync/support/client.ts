/**
 * A DataService (the data worker's implementation) on fake-indexeddb, wired
 * to a test server through an injectable fetch and online signal, with short
 * backoffs so failure paths run in milliseconds.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ProductDoc } from '../../../src/domain/catalog';
import type { ReplicatedCollection } from '../../../src/sync/protocol';
import { manualOnlineSignal, type ManualOnlineSignal } from '../../../src/sync/online-signal';
import type { FetchLike } from '../../../src/sync/transport/fetch-type';
import type { FaultyFetch } from './faulty-fetch';
import { createHttpPullTransport, type PulledDoc } from '../../../src/sync/transport/pull-transport';
import { fromStoredProduct, withoutQueryFields, type StoredProduct } from '../../../src/db/query-fields';
import { DataService } from '../../../src/workers/data-service';
import { fakeIdbStorage, uniqueDbName } from '../../db/support/test-db';
import { startTestServer, type TestServer, type TestServerOptions } from '../../helpers/server';

export const FAST_BACKOFF = { initialMs: 20, factor: 2, maxMs: 200, jitter: 0 };

export interface TestClient {
  service: DataService;
  online: ManualOnlineSignal;
  dbName: string;
}

export async function startClient(opts: {
  apiBase: string;
  fetch?: FetchLike;
  online?: ManualOnlineSignal;
  batchSize?: number;
  dbName?: string;
  sync?: boolean;
  init?: boolean;
  backoff?: typeof FAST_BACKOFF;
  /** Share the database like a second tab (multiInstance + leader election). */
  tab?: boolean;
  /** The interface language (DataWorkerOptions.language): descriptions pulled in it alone. */
  language?: string;
  /** DataWorkerOptions.dataSaver: the 'viewed' catalogue mode unless the shopper chose. */
  dataSaver?: boolean;
  /** DataWorkerOptions.holdCatalogue: the products' full pull waits for firstScreenIdle(). */
  holdCatalogue?: boolean;
}): Promise<TestClient> {
  const online = opts.online ?? manualOnlineSignal(true);
  const service = new DataService({
    storage: fakeIdbStorage(),
    fetch: opts.fetch,
    online,
    backoff: opts.backoff ?? FAST_BACKOFF,
    pullBatchSize: opts.batchSize,
    devMode: true,
    multiInstance: opts.tab ?? false,
    ignoreDuplicate: opts.tab ?? false,
  });
  const dbName = opts.dbName ?? uniqueDbName('sync');
  if (opts.init !== false) {
    await service.init({ apiBase: opts.apiBase, dbName, sync: opts.sync, language: opts.language, dataSaver: opts.dataSaver, holdCatalogue: opts.holdCatalogue });
  }
  return { service, online, dbName };
}

/** Everything the server has now, by pulling from the beginning (live documents only unless asked). */
export async function serverDocs<C extends ReplicatedCollection>(
  apiBase: string,
  collection: C,
  opts: { includeDeleted?: boolean } = {},
): Promise<Map<string, PulledDoc<C>>> {
  const transport = createHttpPullTransport({ apiBase });
  const byId = new Map<string, PulledDoc<C>>();
  let checkpoint: { updatedAt: number; id: string } | undefined;
  for (;;) {
    const res = await transport.pull(collection, checkpoint, 2000);
    for (const d of res.documents) byId.set(d.id, d);
    if (res.documents.length === 0 || res.checkpoint === null) break;
    checkpoint = res.checkpoint;
  }
  if (!opts.includeDeleted) for (const [id, d] of byId) if (d._deleted) byId.delete(id);
  return byId;
}

/** The server's documents without the _deleted flag, as the local query API returns them. */
export function plain<T extends { _deleted: boolean }>(doc: T): Omit<T, '_deleted'> {
  const { _deleted: _ignored, ...rest } = doc;
  return rest;
}

/** All live local documents of a collection, as plain contract objects (a product read back from its stored shape). */
export async function localDocs(service: DataService, collection: ReplicatedCollection): Promise<Map<string, unknown>> {
  const db = await service.database();
  const docs = await db[collection].find().exec();
  const plain = (stored: object) => (collection === 'products' ? fromStoredProduct(stored as StoredProduct) : stored);
  return new Map(docs.map((d) => [d.primary, plain(withoutQueryFields(d.toJSON() as object))]));
}

export async function localProduct(service: DataService, id: string): Promise<ProductDoc | null> {
  return service.query({ kind: 'product', id });
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, label = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One real server for the whole test file: started before its tests, closed after them. */
export function useTestServer(opts: TestServerOptions, onStarted: (server: TestServer) => void): void {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(opts);
    onStarted(started);
  });
  afterAll(async () => {
    await started?.close();
  });
}

/** Closes the test's client after each test; `current` reads the file's client variable, `reset` clears it. */
export function closeClientAfterEach(current: () => TestClient | null, reset: () => void): void {
  afterEach(async () => {
    await current()?.service.close();
    reset();
  });
}

/**
 * A real server and one client that has finished its initial sync and holds the change stream open, for the
 * whole file (the live-change tests start from there). `net` is the file's faulty fetch.
 */
export function useLiveClient(
  opts: TestServerOptions,
  net: FaultyFetch,
  onStarted: (server: TestServer, client: TestClient) => void,
): void {
  let server: TestServer | undefined;
  let client: TestClient | undefined;
  useTestServer(opts, (started) => (server = started));
  // Hooks run in order before the tests and in reverse after them: server up, then client; client closed first.
  beforeAll(async () => {
    if (!server) throw new Error('the test server did not start');
    client = await startClient({ apiBase: server.url, fetch: net.fetch });
    await client.service.awaitInitialSync();
    await waitFor(() => net.openStreams() === 1, 5000, 'stream open');
    onStarted(server, client);
  });
  afterAll(async () => {
    await client?.service.close();
  });
}

/** A fetch that records every URL asked: `count` those containing `part`, `countPath` those whose path is `path`. */
export function recordingFetch(): { fetch: FetchLike; count(part: string): number; countPath(path: string): number } {
  const urls: string[] = [];
  const fetchLike: FetchLike = (input, init) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  return {
    fetch: fetchLike,
    count: (part) => urls.filter((u) => u.includes(part)).length,
    countPath: (path) => urls.filter((u) => new URL(u).pathname === path).length,
  };
}
