/**
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a tablist
 * of buttons with a roving tabindex, arrow keys (mirrored right to left),
 * Home and End move and select (automatic activation). Only the selected
 * tab's panel is rendered (so only that tab has aria-controls); the panel is
 * focusable so keyboard users reach its content next.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { localeDir } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { tabIndexForKey } from './profile-tabs';
import * as styles from './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel content. */
  children: ReactNode;
}) {
  const base = useId();
  const dir = localeDir(useLanguage());
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );

  // On a narrow screen the tab list scrolls sideways: keep the selected tab in view (a link to ?tab=process, or
  // arrowing past the edge), moving the list only, never the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(selected);
    if (!list || !tab) return;
    const l = list.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    const delta = t.left < l.left ? t.left - l.left : t.right > l.right ? t.right - l.right : 0;
    if (delta !== 0) list.scrollBy({ left: delta });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabIndexForKey(event.key, current, tabs.length, dir);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={isSelected ? `${base}-panel-${tab.key}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.key)}
              data-testid={`tab-${tab.key}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${selected}`}
        aria-labelledby={`${base}-tab-${selected}`}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
