/**
 * The catalogues at start (src/app/i18n/startup.ts): init resolves once the active language's start-up
 * namespaces are in, without waiting for its fallback chain; the chain loads afterwards and then fills a key
 * the active language lacks; a language the app does not speak still starts in Darija. Real i18next with the
 * app's options and lazy backend, over loaders that record what they were asked for.
 */
import i18next, { type ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createLazyBackend, catalogPath } from '../../src/app/i18n/lazy-backend';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { NAMESPACES } from '../../src/app/i18n/namespaces';
import { I18N_OPTIONS } from '../../src/app/i18n/options';
import { initActiveLanguageFirst, loadFallbackCatalogues } from '../../src/app/i18n/startup';

function recordingLoaders(requested: string[]) {
  const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {};
  for (const lng of LANGUAGES) {
    for (const ns of NAMESPACES) {
      loaders[catalogPath(lng, ns)] = async () => {
        requested.push(`${lng}/${ns}`);
        // Arabic alone has app.name; every language has app.loading.
        const texts: Record<string, string> = { 'app.loading': `${lng} loading` };
        if (lng === 'ar') texts['app.name'] = 'ar name';
        return { default: texts };
      };
    }
  }
  return loaders;
}

async function start(lng: string) {
  const requested: string[] = [];
  const instance = i18next.createInstance().use(createLazyBackend(recordingLoaders(requested)));
  await initActiveLanguageFirst(instance, { ...I18N_OPTIONS, detection: undefined, lng, keySeparator: false });
  return { instance, requested };
}

describe('catalogues at start', () => {
  it('loads only the active language before the first render, its fallback chain after', async () => {
    const { instance, requested } = await start('ma');
    expect(instance.language).toBe('ma');
    expect([...requested].sort()).toEqual(NAMESPACES.map((ns) => `ma/${ns}`).sort());
    expect(instance.t('app.loading')).toBe('ma loading');
    expect(instance.t('app.name')).toBe('app.name');

    await loadFallbackCatalogues(instance);
    const after = new Set(requested.map((r) => r.split('/')[0]));
    expect([...after].sort()).toEqual(['ar', 'en', 'fr', 'ma']);
    expect(instance.t('app.name')).toBe('ar name');
    expect(instance.t('app.loading')).toBe('ma loading');
  });

  it('French falls back to English only', async () => {
    const { instance, requested } = await start('fr');
    expect(new Set(requested.map((r) => r.split('/')[0]))).toEqual(new Set(['fr']));
    await loadFallbackCatalogues(instance);
    expect(new Set(requested.map((r) => r.split('/')[0]))).toEqual(new Set(['fr', 'en']));
  });

  it('a language the app does not speak starts in Darija, still without the chain', async () => {
    const { instance, requested } = await start('ja');
    expect(instance.resolvedLanguage).toBe('ma');
    expect(new Set(requested.map((r) => r.split('/')[0]))).toEqual(new Set(['ma']));
  });
});
