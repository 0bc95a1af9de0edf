/**
 * The offline screen (spec §2): shown instead of what has never been synced to
 * this device while it is offline. It names the situation, says the content
 * opens by itself once the connection is back (the caller re-renders when the
 * sync resumes), and leads to what is already saved. In 'viewed' mode (data
 * saving, issue 25) there is no first sync to wait for: the page is not stored
 * on this phone yet, and the home page says that what it shows is only what was
 * viewed so far (ViewedOnlyNote).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { catalogueModeOf, useSyncStatusSelector } from '../data/use-sync-status';
import { button } from '../theme/recipes.css';
import * as styles from './offline-screen.css';
import { useDocumentTitle } from './use-document-title';

function useNoticeText(): { title: string; body: string } {
  const { t } = useTranslation();
  const viewed = useSyncStatusSelector(catalogueModeOf) === 'viewed';
  return viewed
    ? { title: t('offlineScreen.notStoredTitle'), body: t('offlineScreen.notStoredBody') }
    : { title: t('offlineScreen.title'), body: t('offlineScreen.body') };
}

/** A whole page: its h1 and the tab title. */
export function OfflineScreen() {
  const { title } = useNoticeText();
  useDocumentTitle(title);
  return <NotSyncedNotice heading="h1" />;
}

/**
 * Inside a page that has its own h1 and title (a listing's results): an h2. homeLink false: on the home page,
 * where in 'viewed' mode the rows show what is stored and the notice is the ViewedOnlyNote.
 */
export function NotSyncedNotice({ heading: Heading = 'h2', homeLink = true }: { heading?: 'h1' | 'h2'; homeLink?: boolean }) {
  const { t } = useTranslation();
  const { title, body } = useNoticeText();
  const viewed = useSyncStatusSelector(catalogueModeOf) === 'viewed';
  if (viewed && !homeLink) return <ViewedOnlyNote />;
  return (
    <section className={styles.page} aria-labelledby="offline-screen-title" data-testid="offline-screen" data-mode={viewed ? 'viewed' : 'full'}>
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
        {title}
      </Heading>
      <p className={styles.text}>{body}</p>
      {homeLink && (
        <Link href="/" className={button({ tone: 'primary' })}>
          {t('offlineScreen.home')}
        </Link>
      )}
    </section>
  );
}

/** Offline in 'viewed' mode, above what is stored (a listing, the home rows): it is only what was viewed so far. */
export function ViewedOnlyNote() {
  const { t } = useTranslation();
  return (
    <p className={styles.note} role="note" data-testid="viewed-only-note">
      {t('offlineScreen.viewedOnly')}
    </p>
  );
}
