/**
 * Asks the data worker to refresh the tailors' cache when a tailoring page opens and when the network comes
 * back; the worker fetches only when the cache is older than 1800 s (spec §9).
 */
import { useEffect } from 'react';
import { useDataClient } from '../data/data-context';
import { useOnline } from '../ui/use-online';

export function useTailorsRefresh(): void {
  const client = useDataClient();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    client.refreshTailors().catch((error: unknown) => console.error('tailors: refresh failed', error));
  }, [client, online]);
}
