/**
 * The theme choice (light, dark or system), kept in a cookie for 365 days
 * (spec §9). public/boot.js reads the same cookie before first paint.
 */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_COOKIE = 'souk_theme';
export const THEME_COOKIE_DAYS = 365;

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function parseThemePreference(cookieString: string): ThemePreference {
  const value = readCookie(cookieString, THEME_COOKIE);
  return isThemePreference(value) ? value : 'system';
}

/** The `document.cookie` assignment that stores a preference. */
export function themeCookie(preference: ThemePreference): string {
  const maxAge = THEME_COOKIE_DAYS * 24 * 60 * 60;
  return `${THEME_COOKIE}=${preference}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** The value of <html data-theme>: none for system, so the media query decides. */
export function themeAttribute(preference: ThemePreference): 'light' | 'dark' | null {
  return preference === 'system' ? null : preference;
}

/** The next preference when the toggle is pressed: light → dark → system → light. */
export function nextThemePreference(current: ThemePreference): ThemePreference {
  const i = THEME_PREFERENCES.indexOf(current);
  return THEME_PREFERENCES[(i + 1) % THEME_PREFERENCES.length] ?? 'system';
}
