/**
 * The test's side of tab-worker.ts: starts a tab in a worker thread, serves it the shared fake-indexeddb
 * through RxDB's remote storage (one Dexie storage per tab, as each browser tab has its own), and calls it.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { Subject } from 'rxjs';
import { exposeRxStorageRemote, type MessageToRemote } from 'rxdb/plugins/storage-remote';
import type { DataQuery, ResultOf } from '../../../src/workers/data-api';
import { fakeIdbStorage } from '../../db/support/test-db';
import type { TabMessage, TabRequest, TabWorkerData } from './tab-worker';

type Call = TabRequest extends infer R ? (R extends TabRequest ? Omit<R, 'id'> : never) : never;

export interface TabThread {
  call<T = unknown>(request: Call): Promise<T>;
  query<Q extends DataQuery>(query: Q): Promise<ResultOf<Q>>;
  /** Starts a live query; results arrive in `onResult`; resolves with a stop function. */
  watch<Q extends DataQuery>(query: Q, onResult: (result: ResultOf<Q>) => void): Promise<() => Promise<void>>;
  /** Closes the tab's service, then ends the thread. */
  close(): Promise<void>;
}

export function startTabThread(o: { apiBase: string; dbName: string; batchSize: number }): TabThread {
  const channel = new MessageChannel();
  const toStorage = new Subject<MessageToRemote>();
  channel.port1.on('message', (message: MessageToRemote) => toStorage.next(message));
  exposeRxStorageRemote({
    storage: fakeIdbStorage(),
    messages$: toStorage.asObservable(),
    send: (message) => channel.port1.postMessage(message),
  });
  const worker = new Worker(new URL('./tab-worker-boot.mjs', import.meta.url), {
    workerData: { storagePort: channel.port2, apiBase: o.apiBase, dbName: o.dbName, batchSize: o.batchSize } satisfies TabWorkerData,
    transferList: [channel.port2],
  });
  let next = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const watchers = new Map<number, (result: unknown) => void>();
  worker.on('message', (message: TabMessage) => {
    if ('watchId' in message) {
      watchers.get(message.watchId)?.(message.result);
      return;
    }
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) call?.resolve(message.value);
    else call?.reject(new Error(message.error));
  });
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`tab worker exited (${code})`)));
  let closed = false;

  const call = <T>(request: Call): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      next += 1;
      pending.set(next, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id: next });
    });

  return {
    call,
    query: (query) => call({ method: 'query', query }),
    async watch(query, onResult) {
      const watchId = next + 1;
      watchers.set(watchId, onResult as (result: unknown) => void);
      await call({ method: 'watch', query });
      return async () => {
        watchers.delete(watchId);
        await call({ method: 'unwatch', watchId });
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await call({ method: 'close' }).catch(() => undefined);
      await worker.terminate();
      channel.port1.close();
    },
  };
}
