/**
 * True while this device is offline and its first sync has not finished: what a
 * page looks for may simply never have reached the device, and waiting on a
 * skeleton would never end. Pages then show <OfflineScreen/> (spec §2 'offline
 * screen'). False until the data worker first reports, so a device that has
 * synced before never flashes the offline screen while the worker starts.
 * In 'viewed' mode (issue 25) the catalogue is never complete on the device:
 * offline, always true, and the offline screen says the page is not stored yet.
 */
import { useOnline } from '../ui/use-online';
import type { SyncStatus } from '../../workers/data-api';
import { catalogueIncomplete, shopsIncomplete, useSyncStatusSelector } from './use-sync-status';

function useOfflineWhile(incompleteOf: (status: SyncStatus | null) => boolean): boolean {
  const incomplete = useSyncStatusSelector(incompleteOf);
  const online = useOnline();
  return !online && incomplete;
}

export function useOfflineBeforeSync(): boolean {
  return useOfflineWhile(catalogueIncomplete);
}

/** The same for a shops list: offline, and the shops (all a shops query reads) have not caught up yet. */
export function useOfflineBeforeShops(): boolean {
  return useOfflineWhile(shopsIncomplete);
}
