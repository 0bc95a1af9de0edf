/**
 * Language detection order (spec §1): ?locale= wins, then the path prefix, the
 * <html lang> tag, the cookie, local storage, the browser; unsupported values
 * are skipped; Darija is the default. Run through the real i18next and
 * i18next-browser-languagedetector with our options, against a stub browser;
 * and public/boot.js, which puts the remembered choice on <html> before paint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../../src/app/i18n/detection';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { I18N_OPTIONS } from '../../src/app/i18n/options';
import { installBrowser, stubBrowser, type BrowserState } from './browser-stub';

const nothing: BrowserState = { url: '/', cookie: '', storage: {}, htmlLang: null, languages: [] };
let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

async function detect(state: Partial<BrowserState>) {
  const stub = stubBrowser({ ...nothing, ...state });
  uninstall = installBrowser(stub);
  const instance = i18next.createInstance().use(LanguageDetector);
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: {} }]));
  await instance.init({ ...I18N_OPTIONS, resources });
  return { language: instance.language, stub };
}

describe('language detection order', () => {
  it('defaults to Darija when nothing says otherwise', async () => {
    expect((await detect({})).language).toBe('ma');
  });

  it('?locale= wins over everything', async () => {
    const { language } = await detect({
      url: '/de/products?locale=es',
      htmlLang: 'fr',
      cookie: `${LANGUAGE_COOKIE}=ar`,
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      languages: ['fr-FR'],
    });
    expect(language).toBe('es');
  });

  it('the path prefix comes next, and is optional', async () => {
    expect((await detect({ url: '/de/products/3', htmlLang: 'fr', cookie: `${LANGUAGE_COOKIE}=ar` })).language).toBe(
      'de',
    );
    uninstall?.();
    expect((await detect({ url: '/products/3', htmlLang: 'fr', cookie: `${LANGUAGE_COOKIE}=ar` })).language).toBe('fr');
  });

  it('then the html lang tag, the cookie, local storage and the browser, in that order', async () => {
    const all = { htmlLang: 'fr', cookie: `${LANGUAGE_COOKIE}=ar`, storage: { [LANGUAGE_STORAGE_KEY]: 'en' } };
    expect((await detect({ ...all, languages: ['de'] })).language).toBe('fr');
    uninstall?.();
    expect((await detect({ ...all, htmlLang: null, languages: ['de'] })).language).toBe('ar');
    uninstall?.();
    expect((await detect({ storage: all.storage, languages: ['de'] })).language).toBe('en');
    uninstall?.();
    expect((await detect({ languages: ['de-AT', 'fr'] })).language).toBe('de');
  });

  it('skips unsupported values and maps Moroccan Arabic tags to Darija', async () => {
    expect((await detect({ url: '/?locale=xx', htmlLang: 'it', languages: ['ar-MA'] })).language).toBe('ma');
    uninstall?.();
    expect((await detect({ languages: ['pt-BR', 'ary'] })).language).toBe('ma');
  });

  it('remembers the detected language in the cookie and local storage', async () => {
    const { stub } = await detect({ url: '/?locale=fr' });
    expect(stub.document.cookie).toMatch(new RegExp(`^${LANGUAGE_COOKIE}=fr;`));
    expect(stub.document.cookie).toMatch(/Path=\//);
    expect(stub.window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});

describe('public/boot.js (before first paint)', () => {
  const script = readFileSync(join(__dirname, '../../public/boot.js'), 'utf8');

  function boot(state: Partial<BrowserState>, theme?: string) {
    const stub = stubBrowser({ ...nothing, htmlLang: 'ar-MA', ...state });
    if (theme) stub.document.cookie = [stub.document.cookie, `souk_theme=${theme}`].filter(Boolean).join('; ');
    runInNewContext(script, { window: stub.window, document: stub.document, URLSearchParams });
    return stub.document.documentElement.attributes;
  }

  it('keeps the Darija default, right to left, tagged ar-MA (a real language tag for screen readers)', () => {
    expect(boot({})).toMatchObject({ lang: 'ar-MA', dir: 'rtl' });
    expect(boot({ url: '/ma/products', cookie: `${LANGUAGE_COOKIE}=de` })).toMatchObject({ lang: 'ar-MA', dir: 'rtl' });
    expect(boot({ url: '/fr/x', htmlLang: 'ar-MA' })).toMatchObject({ lang: 'fr', dir: 'ltr' });
  });

  it('applies query, path, cookie and storage in the detector order', () => {
    const cookie = `${LANGUAGE_COOKIE}=de`;
    expect(boot({ url: '/fr/x?locale=ar', cookie })).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(boot({ url: '/fr/x', cookie })).toMatchObject({ lang: 'fr', dir: 'ltr' });
    expect(boot({ url: '/products', cookie })).toMatchObject({ lang: 'de', dir: 'ltr' });
    expect(boot({ storage: { [LANGUAGE_STORAGE_KEY]: 'es' } })).toMatchObject({ lang: 'es', dir: 'ltr' });
  });

  it('sets data-theme from the theme cookie, and nothing for system', () => {
    expect(boot({}, 'dark')['data-theme']).toBe('dark');
    expect(boot({}, 'system')['data-theme']).toBeUndefined();
  });

  /** boot.js with the build's <meta name="souk-catalogues"> in the page: the links it adds to <head>. */
  function preloads(state: Partial<BrowserState>, content: string | null): Array<{ rel: string; href: string }> {
    const stub = stubBrowser({ ...nothing, htmlLang: 'ar-MA', ...state });
    const links: Array<{ rel: string; href: string }> = [];
    const document = Object.assign(stub.document, {
      querySelector: (selector: string) =>
        selector === 'meta[name="souk-catalogues"]' && content !== null ? { getAttribute: (name: string) => (name === 'content' ? content : null) } : null,
      createElement: () => ({ rel: '', href: '' }),
      head: { appendChild: (link: { rel: string; href: string }) => links.push(link) },
    });
    runInNewContext(script, { window: stub.window, document, URLSearchParams });
    return links;
  }

  it("preloads the page language's start-up catalogues the build listed, and nothing without the list (issue 25)", () => {
    const listed = JSON.stringify({ ma: ['/assets/translation-ma.js', '/assets/auth-ma.js'], fr: ['/assets/translation-fr.js'] });
    expect(preloads({}, listed)).toEqual([
      { rel: 'modulepreload', href: '/assets/translation-ma.js' },
      { rel: 'modulepreload', href: '/assets/auth-ma.js' },
    ]);
    expect(preloads({ url: '/fr/products' }, listed)).toEqual([{ rel: 'modulepreload', href: '/assets/translation-fr.js' }]);
    expect(preloads({ url: '/de/products' }, listed)).toEqual([]);
    expect(preloads({}, null)).toEqual([]);
    expect(preloads({}, 'not json')).toEqual([]);
  });
});
