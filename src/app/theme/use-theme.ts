import { useSyncExternalStore } from 'react';
import { parseThemePreference, themeAttribute, themeCookie, type ThemePreference } from './theme-preference';

export function applyThemePreference(preference: ThemePreference): void {
  const attr = themeAttribute(preference);
  if (attr) document.documentElement.dataset.theme = attr;
  else delete document.documentElement.dataset.theme;
}

/** One preference for the whole page, so every control showing it (header toggle, settings) agrees. */
const listeners = new Set<() => void>();
let current: ThemePreference | null = null;

function read(): ThemePreference {
  current ??= parseThemePreference(document.cookie);
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function choose(next: ThemePreference): void {
  document.cookie = themeCookie(next);
  applyThemePreference(next);
  current = next;
  for (const listener of listeners) listener();
}

/** The current theme preference and a setter that applies it and stores it in the cookie. */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, read, () => 'system' as const);
  return [preference, choose];
}
