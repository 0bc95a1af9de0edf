/**
 * The data worker's part of issue 25, in one place: the catalogue mode (catalogue-mode-control.ts), product
 * reads from the view endpoint while the products are incomplete (catalogue-reads.ts), the personal screens'
 * products in 'viewed' mode (personal-products.ts) and what the sync centre says about storage.
 */
import type { SoukDatabase } from '../db/database';
import type { TextLanguage } from '../domain/catalog-text';
import type { CatalogueMode, CatalogueStorage } from '../workers/data-api';
import { effectiveCatalogueMode, readChosenCatalogueMode } from './catalogue-mode';
import { CatalogueModeControl } from './catalogue-mode-control';
import { CatalogueReads } from './catalogue-reads';
import type { OnlineSignal } from './online-signal';
import { startPersonalProducts, type PersonalProducts } from './personal-products';
import type { CatalogReplication } from './replication';
import type { SyncStatusStore } from './sync-status';
import type { FetchLike } from './transport/fetch-type';
import { createHttpViewTransport, type ViewTransport } from './transport/view-transport';

export interface CatalogueViews {
  control: CatalogueModeControl;
  /** null with sync off: every read is local. */
  reads: CatalogueReads | null;
  /** The language of the descriptions the view asks for (the pull's: DataWorkerOptions.language). */
  setLanguage(language: TextLanguage): void;
  setDataSaver(on: boolean): Promise<void>;
  setChosen(mode: CatalogueMode | null): Promise<void>;
  storage(): Promise<CatalogueStorage>;
  /** Resolves when no personal-products look-up is running (tests). */
  personalIdle(): Promise<void>;
  stop(): void;
}

/** The stored choice, read before the replication starts (it decides whether the products replicate). */
export function initialCatalogueMode(db: SoukDatabase, dataSaver: boolean): Promise<{ chosen: CatalogueMode | null; mode: CatalogueMode }> {
  return readChosenCatalogueMode(db).then((chosen) => ({ chosen, mode: effectiveCatalogueMode(chosen, dataSaver) }));
}

/** How long the server's catalogue size is kept before it is asked again (its own estimate is kept a minute). */
export const SIZE_KEPT_MS = 60_000;

export function startCatalogueViews(o: {
  db: SoukDatabase;
  apiBase: string;
  fetch?: FetchLike;
  online: OnlineSignal;
  status: SyncStatusStore;
  replication: CatalogReplication | null;
  chosen: CatalogueMode | null;
  dataSaver: boolean;
  /** The products' pull waits for control.release() (DataWorkerOptions.holdCatalogue). */
  held?: boolean;
  language: TextLanguage | undefined;
  /** Off with sync off: no network. */
  sync: boolean;
  /** The clock (tests). */
  now?: () => number;
}): CatalogueViews {
  const now = o.now ?? Date.now;
  let language = o.language;
  const control = new CatalogueModeControl({ db: o.db, status: o.status, replication: o.replication, chosen: o.chosen, dataSaver: o.dataSaver, held: o.held });
  const transport: ViewTransport = createHttpViewTransport({ apiBase: o.apiBase, fetch: o.fetch, descriptionsIn: () => language });
  const reads = o.sync ? new CatalogueReads({ db: o.db, transport, online: o.online, status: o.status, mode: () => control.mode() }) : null;
  const personal: PersonalProducts | null = reads
    ? startPersonalProducts({ db: o.db, transport, reads, online: o.online, mode: () => control.mode() })
    : null;
  /** The server's last answer about the catalogue's size (kept in memory), and when it came. */
  let size: { products: number; bytes: number } | null = null;
  let sizeAt = -Infinity;
  /** The question in flight: readers of the same moment share it. */
  let asking: Promise<void> | null = null;
  const askSize = (): Promise<void> => {
    if (!o.sync || !o.online.isOnline() || (size !== null && now() - sizeAt < SIZE_KEPT_MS)) return Promise.resolve();
    asking ??= transport
      .catalogueSize()
      .then((answer) => {
        size = answer;
        sizeAt = now();
      })
      .catch(() => undefined)
      .finally(() => {
        asking = null;
      });
    return asking;
  };

  return {
    control,
    reads,
    setLanguage(next) {
      language = next;
    },
    setDataSaver: async (on) => {
      await control.setDataSaver(on);
      personal?.check();
    },
    setChosen: async (mode) => {
      await control.setChosen(mode);
      personal?.check();
    },
    async storage() {
      // The sync centre asks after every status report (several a second while a pull runs): the server is
      // asked at most once per SIZE_KEPT_MS, not once per report.
      await askSize();
      return {
        mode: control.mode(),
        chosen: control.chosenMode(),
        storedProducts: await o.db.products.count().exec(),
        serverProducts: size?.products ?? null,
        fullCatalogueBytes: size?.bytes ?? null,
      };
    },
    personalIdle: async () => personal?.whenIdle(),
    stop() {
      control.stop();
      personal?.stop();
    },
  };
}
