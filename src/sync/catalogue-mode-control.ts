/**
 * Keeps the catalogue mode in effect (catalogue-mode.ts) applied: the products' replication on in 'full' and off
 * in 'viewed', SyncStatus.catalogueMode saying which. Follows the shopper's choice written by any tab (the local
 * document), the page's data-saving signal (setDataSaver) and the sync centre (setChosen).
 */
import type { Subscription } from 'rxjs';
import type { SoukDatabase } from '../db/database';
import { localDoc$ } from '../db/local-doc';
import type { CatalogueMode } from '../workers/data-api';
import { CATALOGUE_HOLD_MAX_MS, CATALOGUE_MODE_ID, effectiveCatalogueMode, isCatalogueMode, writeChosenCatalogueMode } from './catalogue-mode';
import type { CatalogReplication } from './replication';
import type { SyncStatusStore } from './sync-status';

export interface CatalogueModeControlOptions {
  db: SoukDatabase;
  status: SyncStatusStore;
  /** null when sync is off: only the status follows the mode. */
  replication: CatalogReplication | null;
  /** The stored choice, read before the replication started. */
  chosen: CatalogueMode | null;
  dataSaver: boolean;
  /** The products' pull waits for release() even in 'full' mode (DataWorkerOptions.holdCatalogue)… */
  held?: boolean;
  /** …or this long at most (default CATALOGUE_HOLD_MAX_MS). */
  holdMaxMs?: number;
}

export class CatalogueModeControl {
  private chosen: CatalogueMode | null;
  private dataSaver: boolean;
  private held: boolean;
  private readonly holdTimer: ReturnType<typeof setTimeout> | null;
  private readonly watch: Subscription;
  /** Applies one change at a time, in order (turning the products off waits for their replication to end). */
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly o: CatalogueModeControlOptions) {
    this.chosen = o.chosen;
    this.dataSaver = o.dataSaver;
    this.held = o.held ?? false;
    this.holdTimer = this.held ? setTimeout(() => void this.release().catch(() => undefined), o.holdMaxMs ?? CATALOGUE_HOLD_MAX_MS) : null;
    o.status.setCatalogueMode(this.mode());
    // Another tab's choice (or this one's, written below) applies here too.
    this.watch = localDoc$(o.db, CATALOGUE_MODE_ID).subscribe((doc) => {
      if (doc === null) return;
      const chosen: unknown = (doc.toJSON().data as { chosen?: unknown } | undefined)?.chosen;
      const next = isCatalogueMode(chosen) ? chosen : null;
      if (next === this.chosen) return;
      this.chosen = next;
      void this.apply();
    });
  }

  /** The mode in effect now. */
  mode(): CatalogueMode {
    return effectiveCatalogueMode(this.chosen, this.dataSaver);
  }

  /** The shopper's choice; null: automatic. */
  chosenMode(): CatalogueMode | null {
    return this.chosen;
  }

  setDataSaver(on: boolean): Promise<void> {
    this.dataSaver = on;
    return this.apply();
  }

  async setChosen(mode: CatalogueMode | null): Promise<void> {
    this.chosen = mode;
    await writeChosenCatalogueMode(this.o.db, mode);
    await this.apply();
  }

  /** Whether the products replicate now: 'full' and not held. */
  productsWanted(): boolean {
    return this.mode() === 'full' && !this.held;
  }

  /** Ends the hold (a no-op when none): in 'full' mode the products' pull starts. */
  release(): Promise<void> {
    if (!this.held) return this.applying;
    this.held = false;
    return this.apply();
  }

  stop(): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.watch.unsubscribe();
  }

  private apply(): Promise<void> {
    this.applying = this.applying.catch(() => undefined).then(async () => {
      const mode = this.mode();
      this.o.status.setCatalogueMode(mode);
      await this.o.replication?.setProductsEnabled(this.productsWanted());
    });
    return this.applying;
  }
}
