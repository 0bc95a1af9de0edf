/**
 * The offline screen (spec §2): shown instead of what has never been synced to
 * this device while it is offline. It names the situation, says the content
 * opens by itself once the connection is back (the caller re-renders when the
 * sync resumes), and leads to what is already saved.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { button } from '../theme/recipes.css';
import * as styles from './offline-screen.css';
import { useDocumentTitle } from './use-document-title';

/** A whole page: its h1 and the tab title. */
export function OfflineScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('offlineScreen.title'));
  return <NotSyncedNotice heading="h1" />;
}

/** Inside a page that has its own h1 and title (a listing's results): an h2. homeLink false: on the home page. */
export function NotSyncedNotice({ heading: Heading = 'h2', homeLink = true }: { heading?: 'h1' | 'h2'; homeLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="offline-screen-title" data-testid="offline-screen">
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <Heading id="offline-screen-title" className={styles.title}>
        {t('offlineScreen.title')}
      </Heading>
      <p className={styles.text}>{t('offlineScreen.body')}</p>
      {homeLink && (
        <Link href="/" className={button({ tone: 'primary' })}>
          {t('offlineScreen.home')}
        </Link>
      )}
    </section>
  );
}
