/**
 * One browser tab's data worker for tests/sync/two-tabs: a DataService in its own worker thread (its own
 * JavaScript realm, so its 9 RxDB collections count against its own limit of 13, COL23), on the storage the
 * test's main thread serves over a MessagePort (RxDB's remote storage in front of fake-indexeddb: both tabs
 * share one IndexedDB, as in a browser). The test drives it with small request/answer messages.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { Subject } from 'rxjs';
import { getRxStorageRemote, type MessageFromRemote } from 'rxdb/plugins/storage-remote';
import type { DataQuery } from '../../../src/workers/data-api';
import { manualOnlineSignal } from '../../../src/sync/online-signal';
import { DataService } from '../../../src/workers/data-service';
import { faultyFetch } from './faulty-fetch';

export interface TabWorkerData {
  storagePort: MessagePort;
  apiBase: string;
  dbName: string;
  batchSize: number;
}

export type TabRequest =
  | { id: number; method: 'init' | 'awaitInitialSync' | 'close' | 'phase' | 'openStreams' | 'requestCount' }
  | { id: number; method: 'pullCount'; collection: string }
  | { id: number; method: 'query'; query: DataQuery }
  | { id: number; method: 'watch'; query: DataQuery }
  | { id: number; method: 'unwatch'; watchId: number };

export type TabMessage = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string } | { watchId: number; result: unknown };

const data = workerData as TabWorkerData;
const port = parentPort;
if (!port) throw new Error('tab-worker runs in a worker thread');

const fromStorage = new Subject<MessageFromRemote>();
data.storagePort.on('message', (message: MessageFromRemote) => fromStorage.next(message));
const storage = getRxStorageRemote({
  identifier: 'souk-test-tab-storage',
  mode: 'storage',
  messageChannelCreator: () =>
    Promise.resolve({
      send: (message) => data.storagePort.postMessage(message),
      messages$: fromStorage.asObservable(),
      close: () => Promise.resolve(),
    }),
});

const net = faultyFetch();
const service = new DataService({
  storage,
  fetch: net.fetch,
  online: manualOnlineSignal(true),
  backoff: { initialMs: 20, factor: 2, maxMs: 200, jitter: 0 },
  pullBatchSize: data.batchSize,
  devMode: true,
  multiInstance: true,
});
const watches = new Map<number, () => void>();

async function answer(req: TabRequest): Promise<unknown> {
  switch (req.method) {
    case 'init':
      return service.init({ apiBase: data.apiBase, dbName: data.dbName });
    case 'awaitInitialSync':
      return service.awaitInitialSync();
    case 'phase':
      return (await service.syncStatus()).phase;
    case 'query':
      return service.query(req.query);
    case 'watch': {
      const stop = await service.watch(req.query, (result) => port?.postMessage({ watchId: req.id, result } satisfies TabMessage));
      watches.set(req.id, stop);
      return req.id;
    }
    case 'unwatch':
      watches.get(req.watchId)?.();
      watches.delete(req.watchId);
      return null;
    case 'openStreams':
      return net.openStreams();
    case 'requestCount':
      return net.requests.length;
    case 'pullCount':
      return net.pulls(req.collection).length;
    case 'close':
      for (const stop of watches.values()) stop();
      watches.clear();
      await service.close();
      data.storagePort.close();
      return null;
  }
}

port.on('message', (req: TabRequest) => {
  answer(req).then(
    (value) => port.postMessage({ id: req.id, ok: true, value } satisfies TabMessage),
    (error: unknown) => port.postMessage({ id: req.id, ok: false, error: String(error) } satisfies TabMessage),
  );
});
