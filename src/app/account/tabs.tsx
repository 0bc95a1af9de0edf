/**
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): a tablist
 * of buttons with a roving tabindex, arrow keys (mirrored right to left),
 * Home and End move and select (automatic activation). Only the selected
 * tab's panel is rendered (so only that tab has aria-controls); the panel is
 * focusable so keyboard users reach its content next.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.key === selected),
  );

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
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
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
