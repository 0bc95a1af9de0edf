/**
 * Renders a help page (src/app/content) to static HTML in one language, with the real catalogues ('translation'
 * and 'content') and the router at a given path, the way the app mounts it: the content tests read its markup.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type ResourceKey } from 'i18next';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { I18N_OPTIONS } from '../../src/app/i18n/options';

export function catalog(language: string, namespace: string): ResourceKey {
  return JSON.parse(
    readFileSync(join(__dirname, `../../src/app/i18n/locales/${language}/${namespace}.json`), 'utf8'),
  ) as ResourceKey;
}

/** Every string of a catalogue (or of one part of it), flattened. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** Renders an element with the real catalogues of `namespaces` in one language (no fallback: a missing key shows). */
export async function renderIn(element: ReactElement, language: string, namespaces: readonly string[]): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    detection: undefined,
    lng: language,
    fallbackLng: false,
    ns: [...namespaces],
    resources: { [language]: Object.fromEntries(namespaces.map((ns) => [ns, catalog(language, ns)])) },
  });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, element));
}

export function renderPage(Page: ComponentType, language: string, path: string): Promise<string> {
  return renderIn(createElement(Router, { ssrPath: path, children: createElement(Page) }), language, ['translation', 'content']);
}

/** The text a reader sees: tags dropped, the entities React writes decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\n\r]+/g, ' ')
    .trim();
}

/** How many times a pattern occurs in the markup. */
export function count(html: string, pattern: RegExp): number {
  return [...html.matchAll(new RegExp(pattern.source, 'g'))].length;
}

/** A key the catalogue lacks shows as the key itself (faq.items.x.q): no rendered text may look like one. */
export const RAW_KEY = /\b(faq|returns|shipping|sizeGuide)\.[a-zA-Z]+/;
