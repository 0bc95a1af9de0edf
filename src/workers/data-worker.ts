/**
 * The data worker: a dedicated module worker that owns RxDB and the sync, and
 * exposes DataApi through comlink. The UI starts it with
 *   new Worker(new URL('../../workers/data-worker.ts', import.meta.url), { type: 'module' })
 * and calls init({ apiBase: location.origin }) first (src/app/data/client.ts).
 */
import { expose, proxy } from 'comlink';
import type { DataApi } from './data-api';
import { DataService } from './data-service';

const service = new DataService();

const api: DataApi = {
  init: (options) => service.init(options),
  query: (q) => service.query(q),
  // Callbacks arrive as comlink proxies; the returned unsubscribe goes back as one.
  watch: async (q, onResult) => proxy(await service.watch(q, onResult)),
  syncStatus: () => service.syncStatus(),
  watchSyncStatus: async (onStatus) => proxy(await service.watchSyncStatus(onStatus)),
  awaitInitialSync: () => service.awaitInitialSync(),
  resync: () => service.resync(),
};

expose(api);
