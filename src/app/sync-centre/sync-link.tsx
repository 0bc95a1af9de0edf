/**
 * The header's sync-centre link, shown only while writes wait to be sent or were refused (the worker's
 * outbox counts). Test hook: a[data-testid="header-sync"][data-pending][data-failed].
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { failedWrites, pendingWrites, useSyncStatusSelector } from '../data/use-sync-status';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import * as styles from './sync-link.css';

export function SyncLink() {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const pending = useSyncStatusSelector(pendingWrites);
  const failed = useSyncStatusSelector(failedWrites);
  if (pending + failed === 0) return null;
  const label = [
    failed > 0 ? t('sync.headerFailed', { count: failed }) : null,
    pending > 0 ? t('sync.headerPending', { count: pending }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      href={ROUTES.syncCentre}
      className={styles.link}
      data-state={failed > 0 ? 'failed' : 'pending'}
      aria-label={`${t('sync.headerLink')}: ${label}`}
      title={label}
      data-testid="header-sync"
      data-pending={pending}
      data-failed={failed}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 13a8 8 0 0 0 14.3 4.9L20 16M4 4v4h4M20 20v-4h-4" />
      </svg>
      <span aria-hidden="true">{formatInteger(failed > 0 ? failed : pending, language)}</span>
    </Link>
  );
}
