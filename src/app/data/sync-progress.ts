/** Pure helpers to present the data worker's SyncStatus. */
import type { SyncStatus } from '../../workers/data-api';

/**
 * Progress of the first sync in percent (0-99 while running), from the
 * documents pulled so far and the server's count of what remains. null while
 * no collection has reported a count yet.
 */
export function initialSyncPercent(status: SyncStatus): number | null {
  let pulled = 0;
  let total = 0;
  let known = false;
  for (const progress of Object.values(status.collections)) {
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
  return Object.values(status.collections).some((c) => !c.initialDone);
}
