/**
 * The data worker: a dedicated module worker that owns RxDB and the sync, and
 * exposes DataApi through comlink. The UI starts it with
 *   new Worker(new URL('../../workers/data-worker.ts', import.meta.url), { type: 'module' })
 * and calls init({ apiBase: location.origin }) first (src/app/data/client.ts).
 */
import { DataService } from './data-service';
import { exposeDataApi } from './expose-data-api';

exposeDataApi(new DataService());
