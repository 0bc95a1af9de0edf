/**
 * On a first visit to a product page, the page asks the server for the product itself (the products view, as the
 * worker would) while the data worker starts, and useData shows it until the worker answers (first-answers.ts).
 * Only on a first visit: a page the service worker does not control yet has nothing stored, while a returning
 * visit reads its own database at once (and a prepaid plan pays for no second copy). Lighthouse's profile of a
 * first visit put the worker's start (its 175 kB script, then the database) before the product and its picture:
 * the largest paint of the page (issue 25).
 */
import { isTextLanguage, type TextLanguage } from '../../domain/catalog-text';
import type { DataQuery } from '../../workers/data-api';
import { ROUTES, splitLanguagePrefix } from '../routing/paths';
import { firstAnswers, type FirstAnswers } from './first-answers';

const PRODUCT_PATH = new RegExp(`^${ROUTES.product.replace(':id', '(\\d{1,15})')}/?$`);

/** The query a first visit to `pathname` answers for itself, if any: a product page's product. */
export function firstAnswerQuery(pathname: string): Extract<DataQuery, { kind: 'product' }> | null {
  const id = PRODUCT_PATH.exec(splitLanguagePrefix(pathname).rest)?.[1];
  return id === undefined ? null : { kind: 'product', id };
}

/** The app's language as boot.js put it on <html lang> ('ar-MA' is Darija), as the worker's pull will ask. */
export function documentLanguage(root: HTMLElement = document.documentElement): TextLanguage | undefined {
  const tag = root.lang === 'ar-MA' ? 'ma' : root.lang;
  return isTextLanguage(tag) ? tag : undefined;
}

export function startFirstAnswer(answers: FirstAnswers = firstAnswers): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller !== null || !navigator.onLine) return;
  const query = firstAnswerQuery(window.location.pathname);
  if (query === null) return;
  const language = documentLanguage();
  // Its own chunk (the view's transport and schemas): only a first visit to a product page loads it.
  void import('./first-answer-fetch')
    .then((m) => m.fetchProduct(window.location.origin, query.id, language))
    .then((product) => {
      if (product !== null) answers.provide(query, product);
    })
    // Nothing lost: the worker answers as it always does.
    .catch(() => undefined);
}
