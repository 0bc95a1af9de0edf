/**
 * The smart install banner (spec §2, §4): 'Install Souk' with Install / Not now when the install prompt
 * machine says it is due, then 'Souk is installed'; the reminder when the app is already installed; and
 * the 'Install failed' / 'Install not supported' texts. A labelled region inside a polite live region: it is
 * announced, reachable by Tab, and never takes focus. It stays out of the way while the update banner shows.
 * It covers nothing (issue 21): the machine keeps it off the checkout and sign-in pages and away from unsent
 * forms, and where it shows it takes its own room at the end of the page (install-banner.css.ts) and sets the
 * page's scroll padding to its height.
 * Test hook: [data-testid="install-banner"].
 */
import { useEffect, useId, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { InstallView } from '../../machines/install-prompt';
import { isUpdateWaiting, subscribeUpdate } from '../sw/update-store';
import { button } from '../theme/recipes.css';
import * as styles from './install-banner.css';
import { useInstallPrompt } from './use-install-prompt';

type Shown = Exclude<InstallView, 'hidden'>;

const TEXT_KEYS = {
  prompt: { title: 'install.title', body: 'install.body' },
  prompting: { title: 'install.title', body: 'install.prompting' },
  success: { title: 'install.successTitle', body: 'install.successBody' },
  failed: { title: 'install.failed', body: 'install.failedBody' },
  reminder: { title: 'install.reminderTitle', body: 'install.reminderBody' },
  unsupported: { title: 'install.notSupported', body: 'install.notSupportedBody' },
} as const satisfies Record<Shown, { title: string; body: string }>;

export function InstallBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  const { view: machineView, install, dismiss, close } = useInstallPrompt();
  // The update banner takes the same place and matters more: the install banner waits for it to go.
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const view = updateWaiting ? 'hidden' : machineView;
  const regionRef = useRef<HTMLDivElement>(null);
  useScrollPaddingOf(regionRef);

  return (
    <div ref={regionRef} className={styles.region} aria-live="polite" data-testid="install-banner" data-view={view}>
      {view !== 'hidden' && (
        <section className={styles.banner} aria-labelledby={headingId}>
          <div className={styles.text}>
            <h2 id={headingId} className={styles.heading}>
              {t(TEXT_KEYS[view].title)}
            </h2>
            <p className={styles.body}>{t(TEXT_KEYS[view].body)}</p>
          </div>
          <div className={styles.actions}>
            {view === 'prompt' && (
              <button type="button" className={button({ tone: 'primary', size: 'sm' })} onClick={install}>
                {t('install.install')}
              </button>
            )}
            {(view === 'prompt' || view === 'reminder' || view === 'unsupported') && (
              <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={dismiss}>
                {t('install.notNow')}
              </button>
            )}
            {(view === 'success' || view === 'failed') && (
              <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={close}>
                {t('install.close')}
              </button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * Keeps the page's block-end scroll padding equal to the element's block size, so that scrolling to an element or
 * focusing it never leaves it under the banner; none while the element is empty.
 */
function useScrollPaddingOf(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0]?.blockSize ?? 0;
      root.style.scrollPaddingBlockEnd = size > 0 ? `${Math.ceil(size)}px` : '';
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBlockEnd = '';
    };
  }, [ref]);
}
