/**
 * Starts the data worker (RxDB lives there, never in the UI bundle) and opens
 * the local database. The returned client is usable at once: comlink queues
 * calls until the worker answers, and the worker's init is idempotent.
 */
import { documentLanguage } from '../i18n/languages';
import { reportBackgroundSyncSupport } from '../sw/queue-replayed';
import { wrapDataApi, type DataClient } from './data-client';
import { isDataSaver, pageConnection, watchDataSaver } from './data-saver';

export interface StartedDataClient {
  client: DataClient;
  /** Settles when the worker has opened the database and started replication. */
  ready: Promise<void>;
}

export function startDataClient(apiBase: string = location.origin): StartedDataClient {
  const worker = new Worker(new URL('../../workers/data-worker.ts', import.meta.url), {
    type: 'module',
    name: 'souk-data',
  });
  const { client, init } = wrapDataApi(worker);
  // Chromium fires online/offline on the window only, never in the worker: forward them, starting with the
  // state at start-up, before init starts replication (an app opened offline must not try the network first).
  const report = () => client.networkChanged(navigator.onLine).catch(() => undefined);
  void report();
  // Queued writes tell the service worker whether it may wait for a sync event (docs/COMMERCE.md).
  reportBackgroundSyncSupport(client);
  const connection = pageConnection();
  // Products come with their descriptions in the interface language alone (docs/CATALOGUE.md, "In the app").
  // Data saving on (or a slow connection): the worker keeps only what the shopper views (issue 25).
  // The full pull waits for the first screen (main.tsx calls firstScreenIdle): its reads come from the server meanwhile.
  const ready = init({ apiBase, language: documentLanguage(), dataSaver: isDataSaver(connection), holdCatalogue: true });
  watchDataSaver((on) => void client.setDataSaver(on).catch(() => undefined), connection);
  window.addEventListener('online', report);
  window.addEventListener('offline', report);
  return { client, ready };
}
