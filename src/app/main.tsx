/**
 * Boot: theme, data worker, service worker, i18n (the active catalogue loads
 * before the first render, so text never flashes in the wrong language), then
 * React; the language's fallback catalogues once the first screen is up.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import './theme/global.css';
import { App } from './app';
import { registerPersonalDataWiper } from './auth/personal-data';
import { startDataClient } from './data/client';
import type { DataClient } from './data/data-client';
import { rememberedResults } from './data/remembered-results';
import { createI18n } from './i18n/setup';
import { loadFallbackCatalogues } from './i18n/startup';
// Catches `beforeinstallprompt` from the start; the install banner that uses it loads after the first render.
import './install/install-events';
// Notes forms holding unsent input from the start: the install banner stays away from them.
import './ui/unsent-input';
import { listenForQueueReplays } from './sw/queue-replayed';
import { registerServiceWorker } from './sw/update-store';
import { parseThemePreference } from './theme/theme-preference';
import { applyThemePreference } from './theme/use-theme';
import { afterFirstScreen } from './when-idle';

const RESYNC_ON_FOCUS_MS = 30_000;

/** Pull fresh changes when the network comes back or the app returns to the foreground. */
function resyncOnReturn(client: DataClient): void {
  let last = Date.now();
  const resync = () => {
    last = Date.now();
    client.resync().catch(() => undefined);
  };
  window.addEventListener('online', resync);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last > RESYNC_ON_FOCUS_MS) resync();
  });
}

/**
 * What waits for the first screen (when-idle.ts afterFirstScreen): the active language's catalogues were enough to
 * render, its fallback chain follows; the whole catalogue syncs in the background (issue 25).
 */
function afterFirstScreenWork(client: DataClient, i18n: I18n): void {
  void loadFallbackCatalogues(i18n).catch(() => undefined);
  void client.firstScreenIdle().catch(() => undefined);
}

async function boot(): Promise<void> {
  applyThemePreference(parseThemePreference(document.cookie));

  const { client, ready } = startDataClient(window.location.origin);
  ready.catch((error: unknown) => console.error('The data worker failed to start', error));
  resyncOnReturn(client);
  // A write the service worker queued offline reached the server: pull what it changed.
  listenForQueueReplays(client);
  // Logout empties the personal collections of the local database; the catalogue stays (and the outbox, on a
  // sign-out the user did not choose: keepOutbox).
  registerPersonalDataWiper((options) => {
    // The remembered listings are public products, but their keys hold the shopper's searches.
    rememberedResults.clear();
    return client.clearPersonalData(options);
  });
  registerServiceWorker();

  const i18n = await createI18n();
  // A language picked in the app: the stored products' descriptions follow it.
  i18n.on('languageChanged', (language: string) => void client.languageChanged(language).catch(() => undefined));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The first render as a transition: React renders it in slices and yields between them (no long task).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App client={client} />
        </I18nextProvider>
      </StrictMode>,
    ),
  );
  // Before the first commit: the first screen does not count as ready until the app shell has committed.
  afterFirstScreen(() => afterFirstScreenWork(client, i18n));
}

void boot();
