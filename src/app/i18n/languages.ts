/**
 * The six interface languages (spec §1). Darija (ma) is the default; the
 * fallback chain is Darija → Arabic → French → English. Arabic and Darija are
 * written right to left.
 */
export const LANGUAGES = ['ma', 'ar', 'fr', 'en', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'ma';

/** Each language in its own name, for the switcher. */
export const NATIVE_NAMES: Record<Language, string> = {
  ma: 'الدارجة',
  ar: 'العربية',
  fr: 'Français',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
};

/** The spec's chain ma → ar → fr → en; each language falls back along the rest of it. */
export const FALLBACK_CHAIN: readonly Language[] = ['ma', 'ar', 'fr', 'en'];

export function fallbacksFor(language: Language): Language[] {
  const at = FALLBACK_CHAIN.indexOf(language);
  return at >= 0 ? FALLBACK_CHAIN.slice(at + 1) : ['fr', 'en'];
}

/** i18next's fallbackLng option built from the chain. */
export const FALLBACK_LNG: Record<Language | 'default', Language[]> = {
  ma: fallbacksFor('ma'),
  ar: fallbacksFor('ar'),
  fr: fallbacksFor('fr'),
  en: fallbacksFor('en'),
  es: fallbacksFor('es'),
  de: fallbacksFor('de'),
  default: [...FALLBACK_CHAIN],
};

const RTL: ReadonlySet<string> = new Set<Language>(['ar', 'ma']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function localeDir(language: string): 'rtl' | 'ltr' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

/**
 * The BCP 47 tag for <html lang> and other lang attributes: 'ma' is the app's code for Darija but no language
 * subtag, so screen readers would not know it; Darija is Moroccan Arabic, ar-MA (toLanguage maps it back).
 */
export function langTag(language: string): string {
  return language === 'ma' ? 'ar-MA' : language;
}

/** Arabic-script languages read the product's Arabic fields (name_ar, description_ar…). */
export function usesArabicContent(language: string): boolean {
  return language === 'ar' || language === 'ma';
}

/**
 * Maps a detected tag onto an interface language: exact codes, then Moroccan
 * Arabic tags (ary, ar-MA) to Darija, then the primary subtag (fr-CA → fr).
 */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (isLanguage(lower)) return lower;
  if (lower === 'ary' || lower.startsWith('ary-') || lower === 'ar-ma') return 'ma';
  const primary = lower.split('-')[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The interface language <html lang> says (boot.js and i18next keep it current), Darija when it says none. */
export function documentLanguage(): Language {
  return toLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}
