/** Page frame: skip link, sticky header with the sync indicator, main landmark, footer, update banner; the chat while signed in. */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ChatConnector } from '../chat/chat-connector';
import { FailureToasts } from '../sync-centre/failure-toasts';
import { UpdateBanner } from '../sw/update-banner';
import { Toasts } from '../ui/toasts';
import * as styles from './app-shell.css';
import { firstScreen } from './first-screen';
import { Footer } from './footer';
import { Header } from './header';
import { InitialLoader } from './initial-loader';
import { SyncIndicator } from './sync-indicator';
import { useAfterFirstScreen } from '../when-idle';

// The install banner and its machine (with XState) load once the first screen is up and the page idle: the
// browser's install event is caught from the start by install-events.ts, which is in the first chunk.
const InstallBanner = lazy(() => import('../install/install-banner').then((m) => ({ default: m.InstallBanner })));

export function AppShell({ children, onLanguageChange }: { children: ReactNode; onLanguageChange: (l: string) => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const later = useAfterFirstScreen();
  const firstRender = useRef(true);

  // The frame's first commit: the first screen's skeletons have mounted (their holds are in), so from now on a
  // screen nothing holds is ready (first-screen.ts).
  useLayoutEffect(() => firstScreen.committed(), []);

  // On in-app navigation, start at the top and move focus to the new page's main content.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [location]);

  return (
    <>
      <ChatConnector />
      <a className={styles.skipLink} href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className={styles.top}>
        <Header onLanguageChange={onLanguageChange} />
        <SyncIndicator />
      </div>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      <UpdateBanner />
      <Suspense fallback={null}>
        {later && <InstallBanner />}
      </Suspense>
      <Toasts />
      <FailureToasts />
      <InitialLoader />
    </>
  );
}
