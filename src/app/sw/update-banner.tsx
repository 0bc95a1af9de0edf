import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import * as styles from './update-banner.css';
import { applyUpdate, dismissUpdate, isUpdateWaiting, subscribeUpdate } from './update-store';

/** 'A new version is ready — Reload': shown while a new service worker waits. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  return (
    <div role="status" aria-live="polite" data-testid="update-banner">
      {waiting && (
        <div className={styles.banner}>
          <p className={styles.message}>{t('update.available')}</p>
          <button type="button" className={button({ tone: 'primary', size: 'sm' })} onClick={applyUpdate}>
            {t('update.reload')}
          </button>
          <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={dismissUpdate}>
            {t('update.later')}
          </button>
        </div>
      )}
    </div>
  );
}
