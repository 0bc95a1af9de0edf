/**
 * The initial loader (spec §2): once per session, for INITIAL_LOADER_MS, a branded
 * screen over the app while it starts. The page renders underneath all along (no
 * time is lost), the loader is decorative for assistive technology (aria-hidden:
 * screen readers go straight to the page), and any key or tap dismisses it early. A
 * tap on it is taken by it: a visitor never presses a link or button they cannot see.
 */
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './initial-loader.css';
import { INITIAL_LOADER_MS, initialLoaderThisLoad } from './initial-loader-session';

export function InitialLoader() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(initialLoaderThisLoad);

  // A layout effect: the key listener is in place before the loader is first painted, so a key pressed the moment
  // it shows dismisses it (a passive effect can run long after the paint on a busy start).
  useLayoutEffect(() => {
    if (!shown) return;
    const hide = () => setShown(false);
    const timer = window.setTimeout(hide, INITIAL_LOADER_MS);
    window.addEventListener('keydown', hide, { capture: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('keydown', hide, { capture: true });
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      className={styles.overlay}
      aria-hidden="true"
      data-testid="initial-loader"
      onPointerDown={(event) => {
        // The tap ends here: no click reaches the page under the loader.
        event.preventDefault();
        setShown(false);
      }}
    >
      <p className={styles.brand}>{t('app.name')}</p>
      <p className={styles.tagline}>{t('app.tagline')}</p>
      <span className={styles.bar}>
        <span className={styles.barFill} />
      </span>
      <p className={styles.label}>{t('initialLoader.label')}</p>
    </div>
  );
}
