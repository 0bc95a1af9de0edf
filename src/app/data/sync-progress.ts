/** Pure helpers to present the data worker's SyncStatus. */
import { CATALOGUE_COLLECTIONS, type CatalogueCollection } from '../../sync/collection-groups';
import type { SyncStatus } from '../../workers/data-api';

const VIEWED_MODE_COLLECTIONS: readonly CatalogueCollection[] = CATALOGUE_COLLECTIONS.filter((c) => c !== 'products');

/**
 * The catalogue collections the worker replicates in the status's mode (SyncStatus.catalogueMode): all of
 * them in 'full'; in 'viewed' the products never replicate (they are stored as the shopper views them), so
 * their progress never reaches initialDone and says nothing about a first sync.
 */
export function replicatedCatalogue(status: SyncStatus): readonly CatalogueCollection[] {
  return status.catalogueMode === 'viewed' ? VIEWED_MODE_COLLECTIONS : CATALOGUE_COLLECTIONS;
}

/**
 * Progress of the first sync in percent (0-99 while running), from the
 * catalogue documents pulled so far and the server's count of what remains.
 * null while no catalogue collection has reported a count yet. Reviews are
 * pulled after the first sync and do not count.
 */
export function initialSyncPercent(status: SyncStatus): number | null {
  let pulled = 0;
  let total = 0;
  let known = false;
  for (const progress of replicatedCatalogue(status).map((c) => status.collections[c])) {
    if (progress.initialDone) {
      pulled += progress.pulled;
      total += progress.pulled;
      known = true;
    } else if (progress.remaining !== null) {
      pulled += progress.pulled;
      total += progress.pulled + progress.remaining;
      known = true;
    }
  }
  if (!known) return null;
  if (total === 0) return 0;
  return Math.min(99, Math.floor((pulled / total) * 100));
}

/**
 * The first sync is still under way: the catalogue is not complete on this device yet. In 'viewed' mode only
 * the categories and shops have a first sync; once they caught up, nothing is downloading in the background.
 */
export function isInitialSync(status: SyncStatus): boolean {
  const pending = replicatedCatalogue(status).some((c) => !status.collections[c].initialDone);
  if (status.catalogueMode === 'viewed') return pending && (status.phase === 'initial' || status.phase === 'starting');
  if (status.phase === 'initial') return true;
  if (status.phase !== 'starting') return false;
  return pending;
}

/**
 * Every catalogue collection has caught up at least once on this device (persisted: true again after a
 * restart), whatever the phase: offline or in error before the first sync finished, the catalogue is still
 * incomplete and a missing product may simply not have arrived. Never in 'viewed' mode: only the products
 * viewed so far are stored.
 */
export function isCatalogueComplete(status: SyncStatus): boolean {
  if (status.catalogueMode === 'viewed') return false;
  return CATALOGUE_COLLECTIONS.every((c) => status.collections[c].initialDone);
}

/**
 * Whether a missing product, category or shop really is missing (a page may say 'not found', a row 'nothing
 * here'), not merely not here yet. 'full': once the catalogue is complete on this device. 'viewed': online,
 * once the categories and shops caught up, since the worker then asks the server for the products a page
 * shows; offline, never (what is not stored may exist).
 */
export function isCatalogueAnswerFinal(status: SyncStatus, online: boolean): boolean {
  if (status.catalogueMode !== 'viewed') return isCatalogueComplete(status);
  return online && VIEWED_MODE_COLLECTIONS.every((c) => status.collections[c].initialDone);
}

/**
 * Whether a shops query's answer is final ('no shops' true, not merely not here yet): once the shops caught up,
 * in either mode. 'viewed' mode fetches the products as shown but stores every shop, so offline too.
 */
export function isShopListFinal(status: SyncStatus): boolean {
  return status.collections.shops.initialDone;
}
