/** How far a request posted from this device got: 'Waiting to be sent' while queued, 'Not posted' when refused. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalState } from '../../workers/data-api';
import { ROUTES } from '../routing/paths';
import { badge } from '../theme/recipes.css';
import * as styles from './community.css';

export function PostLocalState({ state, detailed = false }: { state: LocalState; detailed?: boolean }) {
  const { t } = useTranslation();
  if (state === 'confirmed') return null;
  if (state === 'queued') {
    return (
      <div data-testid="post-local-state" data-local-state="queued">
        <span className={badge({ tone: 'highlight' })}>{t('community.local.queued')}</span>
        {detailed && <p className={styles.muted}>{t('community.local.queuedText')}</p>}
      </div>
    );
  }
  return (
    <div data-testid="post-local-state" data-local-state="failed" role="note">
      <span className={badge({ tone: 'discount' })}>{t('community.local.failed')}</span>
      {detailed && (
        <p>
          <Link href={ROUTES.syncCentre} className={styles.inlineLink}>
            {t('community.local.syncLink')}
          </Link>
        </p>
      )}
    </div>
  );
}
