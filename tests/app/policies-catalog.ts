/** The 'policies' catalogue of one language in a real i18next instance, without fallbacks (each must carry its facts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type ResourceKey, type TFunction } from 'i18next';
import { I18N_OPTIONS } from '../../src/app/i18n/options';

export function policiesCatalog(language: string): ResourceKey {
  return JSON.parse(
    readFileSync(join(__dirname, `../../src/app/i18n/locales/${language}/policies.json`), 'utf8'),
  ) as ResourceKey;
}

export async function policiesT(language: string): Promise<TFunction<'policies'>> {
  const i = i18next.createInstance();
  await i.init({
    ...I18N_OPTIONS,
    detection: undefined,
    fallbackLng: false,
    lng: language,
    ns: ['policies'],
    defaultNS: 'policies',
    resources: { [language]: { policies: policiesCatalog(language) } },
  });
  return i.getFixedT(language, 'policies');
}

/** The untranslated text of one key (dot path), to check a figure is interpolated rather than written in. */
export function rawText(language: string, key: string): string {
  let node: unknown = policiesCatalog(language);
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${language}: no text at ${key}`);
  return node;
}

/** 'every two weeks' as each language says it (spec §1: payouts come every two weeks). */
export const TWO_WEEKS: Record<string, RegExp> = {
  en: /every two weeks/,
  fr: /toutes les deux semaines/,
  es: /cada dos semanas/,
  de: /alle zwei Wochen/,
  ar: /كل أسبوعين/,
  ma: /كل جوج سيمانات/,
};
