/**
 * The initial loader (spec §2, issue 25's decision): once per session, a branded screen over the app only while its
 * first screen is not ready (layout/first-screen.ts), for at most INITIAL_LOADER_MS from the start. It goes with a
 * short fade the moment the first screen has painted its content; a visit whose screen is ready within
 * INITIAL_LOADER_GRACE_MS (a returning visit, its catalogue stored) never sees it. The page renders underneath all along, the loader is decorative for assistive technology (aria-hidden:
 * screen readers go straight to the page), and any key or tap dismisses it early. A tap on it is taken by it: a
 * visitor never presses a link or button they cannot see.
 */
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstScreen } from './first-screen';
import * as styles from './initial-loader.css';
import { INITIAL_LOADER_FADE_MS, INITIAL_LOADER_GRACE_MS, INITIAL_LOADER_MS, initialLoaderThisLoad } from './initial-loader-session';

type Phase = 'waiting' | 'shown' | 'leaving' | 'gone';

export function InitialLoader() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(() => (initialLoaderThisLoad() ? 'waiting' : 'gone'));
  const [startedAt] = useState(() => Date.now());

  // Layout effects: they run after the page's in the same commit (the loader is after <main>), so the page's holds
  // are in place, and before the first paint; the key listener is in place before the loader is first painted too.
  useLayoutEffect(() => {
    if (phase !== 'waiting') return;
    // Ready already: only once the app shell has committed (its layout effect runs after this one on the first
    // commit, so then this waits for the microtask that settles the first screen: first-screen.ts committed).
    if (firstScreen.ready()) {
      setPhase('gone');
      return;
    }
    // A screen ready within the grace never shows the loader (a returning visit); else it shows until ready.
    const stopWaiting = firstScreen.whenReady(() => setPhase('gone'));
    const timer = window.setTimeout(() => setPhase('shown'), INITIAL_LOADER_GRACE_MS);
    return () => {
      stopWaiting();
      window.clearTimeout(timer);
    };
  }, [phase]);

  useLayoutEffect(() => {
    if (phase !== 'shown') return;
    const hide = () => setPhase('gone');
    const leave = () => setPhase('leaving');
    let frame = 0;
    // Ready: the content is in the DOM; the frame after the next one has painted it.
    const stopWaiting = firstScreen.whenReady(() => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(leave);
      });
    });
    const timer = window.setTimeout(leave, Math.max(0, startedAt + INITIAL_LOADER_MS - Date.now()));
    window.addEventListener('keydown', hide, { capture: true });
    return () => {
      stopWaiting();
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.removeEventListener('keydown', hide, { capture: true });
    };
  }, [phase, startedAt]);

  useLayoutEffect(() => {
    if (phase !== 'leaving') return;
    const timer = window.setTimeout(() => setPhase('gone'), INITIAL_LOADER_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === 'gone' || phase === 'waiting') return null;
  return (
    <div
      className={phase === 'leaving' ? `${styles.overlay} ${styles.leaving}` : styles.overlay}
      aria-hidden="true"
      data-testid="initial-loader"
      data-phase={phase}
      onPointerDown={(event) => {
        // The tap ends here: no click reaches the page under the loader.
        event.preventDefault();
        setPhase('gone');
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
