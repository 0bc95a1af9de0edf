/**
 * The sync centre's "Catalogue on this phone" (issue 25): how many products are stored and how much space Souk
 * uses, the catalogue mode in words, and the shopper's choice: in 'viewed' mode "Keep the whole catalogue for
 * offline use (about N MB)"; once chosen, a way back ("Keep only what I view") and back to automatic.
 * Test hooks: section[data-testid="sync-catalogue"][data-mode][data-chosen][data-stored],
 * button[data-testid="keep-whole-catalogue" | "keep-viewed" | "catalogue-automatic"].
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueMode, CatalogueStorage } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import * as styles from './catalogue-storage.css';
import { formatMegabytes } from './format-size';
import { useCatalogueStorage } from './use-catalogue-storage';

type ModeText = 'modeViewedAuto' | 'modeViewedChosen' | 'modeFullAuto' | 'modeFullChosen';

function modeText({ mode, chosen }: Pick<CatalogueStorage, 'mode' | 'chosen'>): ModeText {
  if (mode === 'viewed') return chosen === 'viewed' ? 'modeViewedChosen' : 'modeViewedAuto';
  return chosen === 'full' ? 'modeFullChosen' : 'modeFullAuto';
}

export function CatalogueStorageSection() {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const client = useDataClient();
  const { figures, failed, refresh } = useCatalogueStorage();
  const [busy, setBusy] = useState(false);
  const [actionFailed, setActionFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const choose = (mode: CatalogueMode | null) => {
    setBusy(true);
    setActionFailed(false);
    client
      .setCatalogueMode(mode)
      .then(() => {
        refresh();
        // The pressed button goes away with the mode it offered: keep the keyboard in this section.
        headingRef.current?.focus();
      })
      .catch((error: unknown) => {
        console.error('sync centre: catalogue mode not changed', error);
        setActionFailed(true);
      })
      .finally(() => setBusy(false));
  };

  const storage = figures?.storage;
  return (
    <section
      className={styles.section}
      aria-labelledby="sync-catalogue-title"
      aria-busy={!figures && !failed}
      data-testid="sync-catalogue"
      data-mode={storage?.mode ?? ''}
      data-chosen={storage ? (storage.chosen ?? 'auto') : ''}
      data-stored={storage?.storedProducts ?? ''}
    >
      <h2 id="sync-catalogue-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        {t('sync.catalogue.title')}
      </h2>
      {!figures ? (
        failed ? (
          <div className={styles.actions}>
            <p role="alert">{t('sync.catalogue.unreadable')}</p>
            <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={refresh}>
              {t('sync.retry')}
            </button>
          </div>
        ) : (
          <>
            <p className={styles.loading}>{t('sync.catalogue.loading')}</p>
            <Skeleton style={{ blockSize: '4rem' }} />
          </>
        )
      ) : (
        <>
          <ul className={styles.figures}>
            <li data-testid="sync-catalogue-stored">{t('sync.catalogue.stored', { count: figures.storage.storedProducts })}</li>
            {figures.usageBytes !== null && <li>{t('sync.catalogue.usage', { size: formatMegabytes(figures.usageBytes, language) })}</li>}
          </ul>
          <p className={styles.mode} role="status">
            {t(`sync.catalogue.${modeText(figures.storage)}`)}
          </p>
          <div className={styles.actions}>
            {figures.storage.mode === 'viewed' && (
              <button
                type="button"
                className={button({ tone: 'primary' })}
                disabled={busy}
                data-testid="keep-whole-catalogue"
                onClick={() => choose('full')}
              >
                {figures.storage.fullCatalogueBytes !== null
                  ? t('sync.catalogue.keepAll', { size: formatMegabytes(figures.storage.fullCatalogueBytes, language) })
                  : t('sync.catalogue.keepAllNoSize')}
              </button>
            )}
            {figures.storage.chosen === 'full' && (
              <button type="button" className={button({ tone: 'secondary' })} disabled={busy} data-testid="keep-viewed" onClick={() => choose('viewed')}>
                {t('sync.catalogue.keepViewed')}
              </button>
            )}
            {figures.storage.chosen !== null && (
              <button type="button" className={button({ tone: 'ghost' })} disabled={busy} data-testid="catalogue-automatic" onClick={() => choose(null)}>
                {t('sync.catalogue.automatic')}
              </button>
            )}
          </div>
          {actionFailed && (
            <p className={styles.failed} role="alert">
              {t('sync.actionFailed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
