/**
 * Creates the app's i18next instance: lazy catalogues (the active language's
 * before the first render, its fallbacks after: startup.ts), language detection in
 * the spec's order, Arabic plural rules for Darija, and <html lang/dir> kept in
 * step with the language. The detector persists each choice to the cookie and
 * local storage (its `caches`).
 */
import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { applyArabicPluralsToDarija } from './darija-plurals';
import { createLazyBackend } from './lazy-backend';
import { langTag, localeDir } from './languages';
import { I18N_OPTIONS } from './options';
import { initActiveLanguageFirst } from './startup';

export function applyDocumentLanguage(language: string, root: HTMLElement = document.documentElement): void {
  root.lang = langTag(language);
  root.dir = localeDir(language);
}

export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(createLazyBackend()).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', (language) => applyDocumentLanguage(language));
  await initActiveLanguageFirst(instance, I18N_OPTIONS);
  applyArabicPluralsToDarija(instance);
  return instance;
}
