/**
 * Files of queued writes, kept as Blobs until sent (issue 23: a seller's product draft and its photos,
 * seller-product-draft.ts). An outbox entry's body is JSON text, and an RxDB document holds no Blob, so the files
 * live beside the outbox in a small IndexedDB database of their own (`{database}-outbox-files`, one object store,
 * the files of one draft under its key), owned by the data worker. Not an RxDB collection: it does not count
 * towards the 13 (collections-plan.md). Personal like the outbox: swept of every key no live entry names after a
 * logout's wipe, when an entry is done or discarded, and at start (seller-product-draft.ts, sweepDraftFiles).
 */

const STORE = 'files';
const VERSION = 1;

export interface OutboxFiles {
  /** Stores the files under `key`, replacing what it held. */
  put(key: string, files: readonly Blob[]): Promise<void>;
  /** The files under `key`, in the order given, or null when there are none. */
  get(key: string): Promise<Blob[] | null>;
  remove(key: string): Promise<void>;
  keys(): Promise<string[]>;
  close(): void;
}

export function outboxFilesDbName(databaseName: string): string {
  return `${databaseName}-outbox-files`;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (creating when new) the files' database of the RxDB database `databaseName`. */
export async function openOutboxFiles(databaseName: string, idb: IDBFactory): Promise<OutboxFiles> {
  const open = idb.open(outboxFilesDbName(databaseName), VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  const db = await done(open);
  // Another version elsewhere (a newer app in another tab): give way rather than block it.
  db.onversionchange = () => db.close();

  const write = async (fn: (store: IDBObjectStore) => void): Promise<void> => {
    const tx = db.transaction(STORE, 'readwrite');
    const end = committed(tx);
    fn(tx.objectStore(STORE));
    await end;
  };

  return {
    put: (key, files) => write((store) => store.put([...files], key)),
    async get(key) {
      const value: unknown = await done(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
      return Array.isArray(value) && value.every((v) => v instanceof Blob) ? (value as Blob[]) : null;
    },
    remove: (key) => write((store) => store.delete(key)),
    async keys() {
      const keys = await done(db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys());
      return keys.filter((k): k is string => typeof k === 'string');
    },
    close: () => db.close(),
  };
}
