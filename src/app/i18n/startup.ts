/**
 * Start-up of the catalogues: before the first render only the active language's start-up namespaces load
 * (every catalogue holds every key: tests/app/i18n-catalogs.test.ts), so the first route does not wait for
 * the three catalogues of Darija's fallback chain (ar, fr, en: about 60 KB gzipped). Once it has rendered,
 * loadFallbackCatalogues brings the chain (spec §1: ma → ar → fr → en) for whatever a future catalogue lacks.
 */
import type { i18n, InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, fallbacksFor, isLanguage, LANGUAGES, type Language } from './languages';

/**
 * No fallbacks while starting, except that a detected language the app does not speak still resolves to the
 * default (i18next takes the `default` entry then).
 */
export const STARTUP_FALLBACK_LNG: Record<string, Language[]> = {
  ...Object.fromEntries(LANGUAGES.map((l) => [l, []])),
  default: [DEFAULT_LANGUAGE],
};

/** Initialises with the active language's catalogues only, then puts the real fallback chain in place. */
export async function initActiveLanguageFirst(instance: i18n, options: InitOptions): Promise<void> {
  await instance.init({ ...options, fallbackLng: STARTUP_FALLBACK_LNG });
  // i18next reads options.fallbackLng at each lookup and load (and resets its cache when the value changes).
  instance.options.fallbackLng = options.fallbackLng;
}

/** Loads the active language's fallback chain (after the first render). */
export async function loadFallbackCatalogues(instance: i18n): Promise<void> {
  const language = instance.resolvedLanguage ?? instance.language;
  await instance.loadLanguages(fallbacksFor(isLanguage(language) ? language : DEFAULT_LANGUAGE));
}
