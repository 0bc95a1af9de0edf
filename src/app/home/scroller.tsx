/**
 * A horizontal row that scrolls with touch, trackpad or keyboard: the row is a
 * focusable region (arrow keys scroll it), every card inside stays in the tab
 * order, and on wide screens back/forward buttons scroll by one view.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { ChevronIcon } from '../ui/icons';
import * as styles from './scroller.css';

export function useScroller() {
  const ref = useRef<HTMLUListElement>(null);
  const scrollByView = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    // scrollLeft runs negative in right-to-left layouts, so 'forward' flips sign.
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: direction * el.clientWidth * 0.9 * (rtl ? -1 : 1), behavior: 'smooth' });
  };
  return { ref, scrollByView };
}

export function ScrollerArrows({ onScroll }: { onScroll: (direction: 1 | -1) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.arrows}>
      <button type="button" className={button({ tone: 'secondary', size: 'icon' })} aria-label={t('common.scrollBack')} onClick={() => onScroll(-1)}>
        <ChevronIcon back />
      </button>
      <button type="button" className={button({ tone: 'secondary', size: 'icon' })} aria-label={t('common.scrollForward')} onClick={() => onScroll(1)}>
        <ChevronIcon />
      </button>
    </div>
  );
}

interface ScrollerProps {
  label: string;
  listRef: RefObject<HTMLUListElement | null>;
  /** ScrollerItem elements. */
  children: ReactNode;
}

export function Scroller({ label, listRef, children }: ScrollerProps) {
  return (
    <ul ref={listRef} className={styles.scroller} tabIndex={0} aria-label={label}>
      {children}
    </ul>
  );
}

export function ScrollerItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
