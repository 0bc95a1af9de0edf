import { useCallback, useState } from 'react';
import { parseThemePreference, themeAttribute, themeCookie, type ThemePreference } from './theme-preference';

export function applyThemePreference(preference: ThemePreference): void {
  const attr = themeAttribute(preference);
  if (attr) document.documentElement.dataset.theme = attr;
  else delete document.documentElement.dataset.theme;
}

/** The current theme preference and a setter that applies it and stores it in the cookie. */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const [preference, setPreference] = useState<ThemePreference>(() => parseThemePreference(document.cookie));
  const choose = useCallback((next: ThemePreference) => {
    document.cookie = themeCookie(next);
    applyThemePreference(next);
    setPreference(next);
  }, []);
  return [preference, choose];
}
