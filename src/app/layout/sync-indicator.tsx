/**
 * Sync status for people: during the first sync a slim progress bar and
 * 'Preparing the catalogue… N%' (in 'viewed' mode, data saving, only while the
 * categories and shops first arrive: the products are never downloaded in the
 * background, sync-progress.ts); an 'Offline' pill when offline. Everything
 * is announced through one polite live region. Test hook:
 * [data-testid="sync-status"][data-phase=<SyncStatus phase>].
 */
import { useTranslation } from 'react-i18next';
import { initialSyncPercent, isInitialSync } from '../data/sync-progress';
import { useSyncStatus } from '../data/use-sync-status';
import { visuallyHidden } from '../theme/global.css';
import { OfflineIcon } from '../ui/icons';
import { useOnline } from '../ui/use-online';
import * as styles from './sync-indicator.css';

export function SyncIndicator() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const online = useOnline();
  const phase = status?.phase ?? 'starting';
  const initial = status ? isInitialSync(status) : false;
  const percent = status && initial ? initialSyncPercent(status) : null;
  const offline = phase === 'offline' || !online;

  let message = '';
  if (offline) message = t('sync.offlineDetail');
  else if (initial) message = percent === null ? t('sync.preparingNoPercent') : t('sync.preparing', { percent });
  else if (phase === 'error') message = t('sync.error');

  // Screen readers hear progress in quarter steps, not every batch.
  const spoken =
    initial && !offline && percent !== null ? t('sync.preparing', { percent: Math.floor(percent / 25) * 25 }) : message;

  return (
    <div className={styles.region} data-testid="sync-status" data-phase={phase}>
      {initial && !offline && (
        <>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t('sync.preparingNoPercent')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
          >
            <div
              className={percent === null ? `${styles.bar} ${styles.indeterminate}` : styles.bar}
              style={percent === null ? undefined : { transform: `scaleX(${percent / 100})` }}
            />
          </div>
          <p className={styles.text} aria-hidden="true">
            {message}
          </p>
        </>
      )}
      {offline && (
        <p className={styles.pill} aria-hidden="true">
          <OfflineIcon />
          {t('sync.offline')}
        </p>
      )}
      <p className={visuallyHidden} role="status" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
