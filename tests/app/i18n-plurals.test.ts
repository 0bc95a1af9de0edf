/** Darija ('ma', unknown to Intl) counts with Arabic plural rules, and the catalogues say it naturally. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyArabicPluralsToDarija } from '../../src/app/i18n/darija-plurals';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { I18N_OPTIONS } from '../../src/app/i18n/options';

const catalog = (lng: string) =>
  JSON.parse(
    readFileSync(join(__dirname, `../../src/app/i18n/locales/${lng}/translation.json`), 'utf8'),
  ) as ResourceKey;

async function instance(lng: string) {
  const i = i18next.createInstance();
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: catalog(l) }]));
  await i.init({ ...I18N_OPTIONS, detection: undefined, lng, resources });
  applyArabicPluralsToDarija(i);
  return i;
}

describe('plurals', () => {
  it('Darija uses the Arabic forms: one, two, few (3-10), many (11-99)', async () => {
    const i = await instance('ma');
    expect(i.t('listing.results', { count: 1 })).toBe('منتوج واحد');
    expect(i.t('listing.results', { count: 2 })).toBe('جوج منتوجات');
    expect(i.t('listing.results', { count: 5 })).toBe('5 منتوجات');
    expect(i.t('listing.results', { count: 24 })).toBe('24 منتوج');
    expect(i.t('listing.results', { count: 0 })).toBe('ماكاين حتى منتوج');
  });

  it('Arabic keeps its own rules, English and German theirs', async () => {
    expect((await instance('ar')).t('product.reviews', { count: 2 })).toBe('تقييمان');
    expect((await instance('en')).t('product.reviews', { count: 1 })).toBe('1 review');
    expect((await instance('de')).t('product.reviews', { count: 7 })).toBe('7 Bewertungen');
  });

  it('interpolates without HTML escaping (React escapes)', async () => {
    expect((await instance('fr')).t('listing.searchTitle', { query: 'caftan & soie' })).toBe(
      'Résultats pour « caftan & soie »',
    );
  });
});
