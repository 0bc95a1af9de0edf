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
import { catalogueIncomplete, useSyncStatusSelector } from './use-sync-status';

export function useOfflineBeforeSync(): boolean {
  const incomplete = useSyncStatusSelector(catalogueIncomplete);
  const online = useOnline();
  return !online && incomplete;
}
