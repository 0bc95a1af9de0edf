/**
 * Where the interface language comes from, in order (spec §1):
 * a ?locale= query parameter (wins when present), the path prefix (/fr/…,
 * optional), the <html lang> tag, the cookie, local storage, the browser.
 *
 * The static index.html says lang="ar-MA" (Darija, the default), which would hide the
 * cookie and local storage behind it; public/boot.js therefore copies the
 * persisted choice onto <html lang> before first paint, so the html tag always
 * carries the best guess so far and the order above holds. The browser's
 * languages are reached only when <html> has no lang at all.
 */
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { toLanguage } from './languages';

export const LANGUAGE_COOKIE = 'souk_lang';
export const LANGUAGE_STORAGE_KEY = 'souk_lang';
export const LOCALE_QUERY_PARAM = 'locale';

export const DETECTION_ORDER = ['querystring', 'path', 'htmlTag', 'cookie', 'localStorage', 'navigator'] as const;

export const DETECTION_OPTIONS: DetectorOptions = {
  order: [...DETECTION_ORDER],
  lookupQuerystring: LOCALE_QUERY_PARAM,
  lookupFromPathIndex: 0,
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: ['cookie', 'localStorage'],
  cookieMinutes: 365 * 24 * 60,
  cookieOptions: { path: '/', sameSite: 'lax' },
  convertDetectedLanguage: (tag: string) => toLanguage(tag) ?? tag,
};
