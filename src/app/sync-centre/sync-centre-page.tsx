/**
 * /sync, the sync centre: the writes saved on this device and not yet sent (pending, sending), those the
 * server refused (why, Retry, Discard) and those sent in the last 24 hours; then the catalogue stored on this
 * phone and the choice to keep all of it (catalogue-storage.tsx). Open to guests (guest cart).
 * Test hooks: [data-testid="sync-centre"], sections [data-testid="sync-waiting" | "sync-failed" | "sync-done"],
 * li[data-testid="sync-entry"][data-state] (sync-entry.tsx).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalCartLine, OutboxEntry } from '../../workers/data-api';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { CatalogueStorageSection } from './catalogue-storage';
import { groupEntries } from './describe-entry';
import * as styles from './sync-centre.css';
import { SyncEntry } from './sync-entry';
import { visibleEntries } from './visible-entries';

/** The 'last 24 hours' window moves on while the page is open. */
const CLOCK_MS = 60_000;

export function SyncCentrePage() {
  const { t } = useTranslation('commerce');
  useDocumentTitle(t('sync.title'));
  const outbox = useData({ kind: 'outbox' });
  const cart = useData({ kind: 'cart' });
  const { status } = useSession();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const lines = cart.data?.lines ?? [];

  let body: ReactNode;
  if (outbox.status === 'error') body = <ErrorState onRetry={outbox.retry} />;
  else if (!outbox.data) body = <Skeleton style={{ blockSize: '8rem' }} />;
  else {
    const { shown, hidden } = visibleEntries(outbox.data, status === 'signed-in');
    const groups = groupEntries(shown, now);
    const held = hidden > 0 && (
      <p className={styles.intro} data-testid="sync-held-hidden">
        {t('sync.heldHidden')}
      </p>
    );
    body =
      groups.waiting.length + groups.failed.length + groups.done.length === 0 ? (
        held || (
          <EmptyState title={t('sync.nothing')}>
            <p>{t('sync.nothingText')}</p>
          </EmptyState>
        )
      ) : (
        <>
          {held}
          <Group id="sync-failed" title={t('sync.failed')} none={t('sync.emptyFailed')} entries={groups.failed} lines={lines} />
          <Group id="sync-waiting" title={t('sync.waiting')} none={t('sync.emptyWaiting')} entries={groups.waiting} lines={lines} />
          <Group id="sync-done" title={t('sync.done')} none={t('sync.emptyDone')} entries={groups.done} lines={lines} />
        </>
      );
  }

  return (
    <section className={styles.page} aria-labelledby="sync-title" data-testid="sync-centre">
      <div>
        <h1 id="sync-title" className={styles.title}>
          {t('sync.title')}
        </h1>
        <p className={styles.intro}>{t('sync.intro')}</p>
      </div>
      {body}
      <CatalogueStorageSection />
    </section>
  );
}

interface GroupProps {
  id: string;
  title: string;
  none: string;
  entries: OutboxEntry[];
  lines: readonly LocalCartLine[];
}

function Group({ id, title, none, entries, lines }: GroupProps) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-testid={id} data-count={entries.length}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className={styles.none}>{none}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <SyncEntry key={entry.id} entry={entry} lines={lines} />
          ))}
        </ul>
      )}
    </section>
  );
}
