/**
 * Asks the data worker to refresh the tailors' cache when a tailoring page opens and when the network comes
 * back; the worker fetches only when the cache is older than 1800 s (spec §9), asking in the interface language
 * (the answer holds every language's bio, so a language switch needs no new fetch).
 */
import { useEffect } from 'react';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { useOnline } from '../ui/use-online';

export function useTailorsRefresh(): void {
  const client = useDataClient();
  const online = useOnline();
  const language = useLanguage();
  useEffect(() => {
    if (!online) return;
    // A language switch asks again: the cache is fresh then, so nothing is fetched.
    client.refreshTailors(false, language).catch((error: unknown) => console.error('tailors: refresh failed', error));
  }, [client, online, language]);
}
