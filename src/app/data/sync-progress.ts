/** Pure helpers to present the data worker's SyncStatus. */
import { CATALOGUE_COLLECTIONS } from '../../sync/collection-groups';
import type { SyncStatus } from '../../workers/data-api';

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
  for (const progress of CATALOGUE_COLLECTIONS.map((c) => status.collections[c])) {
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

/** The first sync is still under way: the catalogue is not complete on this device yet. */
export function isInitialSync(status: SyncStatus): boolean {
  if (status.phase === 'initial') return true;
  if (status.phase !== 'starting') return false;
  return CATALOGUE_COLLECTIONS.some((c) => !status.collections[c].initialDone);
}

/**
 * Every catalogue collection has caught up at least once on this device (persisted: true again after a
 * restart), whatever the phase: offline or in error before the first sync finished, the catalogue is still
 * incomplete and a missing product may simply not have arrived.
 */
export function isCatalogueComplete(status: SyncStatus): boolean {
  return CATALOGUE_COLLECTIONS.every((c) => status.collections[c].initialDone);
}
