/**
 * The sync centre's "Catalogue on this phone" (issue 25): how many products are stored and how much space Souk
 * uses, the catalogue mode in words, and the shopper's choice: in 'viewed' mode "Keep the whole catalogue for
 * offline use (about N MB)"; once chosen, a way back ("Keep only what I view") and back to automatic.
 * Test hooks: section[data-testid="sync-catalogue"][data-mode][data-chosen][data-stored],
 * button[data-testid="keep-whole-catalogue" | "keep-viewed" | "catalogue-automatic"].
 * Focus: while a change runs the buttons are aria-disabled, not disabled (a disabled button loses focus to
 * <body>), and ignore presses; a failed change leaves focus on the pressed button, and the alert says it failed.
 * A change made moves focus to the section's heading, the pressed button going away with the mode it offered.
 */
import { useRef, useState, type ReactNode } from 'react';
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

interface ModeButtonProps {
  className: string;
  /** A mode change runs: the button says it is unavailable and does nothing, but keeps focus. */
  busy: boolean;
  testId: string;
  onPress: () => void;
  children: ReactNode;
}

/** One of the section's mode buttons: aria-disabled while busy (so it stays focused and announced), presses then ignored. */
export function ModeButton({ className, busy, testId, onPress, children }: ModeButtonProps) {
  return (
    <button
      type="button"
      className={busy ? `${className} ${styles.unavailable}` : className}
      aria-disabled={busy}
      data-testid={testId}
      onClick={busy ? undefined : onPress}
    >
      {children}
    </button>
  );
}

export function CatalogueStorageSection() {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const client = useDataClient();
  const { figures, failed, refresh } = useCatalogueStorage();
  const [busy, setBusy] = useState(false);
  /** The same, at once: a second press before the re-render is ignored too. */
  const running = useRef(false);
  const [actionFailed, setActionFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const choose = (mode: CatalogueMode | null) => {
    if (running.current) return;
    running.current = true;
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
        // Focus stays on the pressed button (still there, the mode unchanged); the alert below says it failed.
        console.error('sync centre: catalogue mode not changed', error);
        setActionFailed(true);
      })
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
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
              <ModeButton className={button({ tone: 'primary' })} busy={busy} testId="keep-whole-catalogue" onPress={() => choose('full')}>
                {figures.storage.fullCatalogueBytes !== null
                  ? t('sync.catalogue.keepAll', { size: formatMegabytes(figures.storage.fullCatalogueBytes, language) })
                  : t('sync.catalogue.keepAllNoSize')}
              </ModeButton>
            )}
            {figures.storage.chosen === 'full' && (
              <ModeButton className={button({ tone: 'secondary' })} busy={busy} testId="keep-viewed" onPress={() => choose('viewed')}>
                {t('sync.catalogue.keepViewed')}
              </ModeButton>
            )}
            {figures.storage.chosen !== null && (
              <ModeButton className={button({ tone: 'ghost' })} busy={busy} testId="catalogue-automatic" onPress={() => choose(null)}>
                {t('sync.catalogue.automatic')}
              </ModeButton>
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
