/**
 * The app: data client, router (with the optional /{lang} prefix as its base)
 * and the page frame. Under a prefix, switching language moves the URL to the
 * new prefix; without one, URLs stay as they are.
 */
import { useCallback, useState } from 'react';
import { Router } from 'wouter';
import type { DataClient } from './data/data-client';
import { AnswerPacingSync } from './data/answer-pacing-sync';
import { DataClientProvider } from './data/data-context';
import { SessionBridge } from './data/session-bridge';
import { SyncStatusProvider } from './data/use-sync-status';
import { isLanguage } from './i18n/languages';
import { AppShell } from './layout/app-shell';
import { AppRoutes } from './routes';
import { languageBase, switchLanguagePrefix } from './routing/paths';

export function App({ client }: { client: DataClient }) {
  const [base, setBase] = useState(() => languageBase(window.location.pathname));

  const onLanguageChange = useCallback(
    (language: string) => {
      if (!base || !isLanguage(language)) return;
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', switchLanguagePrefix(pathname + search + hash, language));
      setBase(`/${language}`);
    },
    [base],
  );

  return (
    <DataClientProvider client={client}>
      <SessionBridge />
      <SyncStatusProvider>
        <AnswerPacingSync />
        <Router base={base}>
          <AppShell onLanguageChange={onLanguageChange}>
            <AppRoutes />
          </AppShell>
        </Router>
      </SyncStatusProvider>
    </DataClientProvider>
  );
}
