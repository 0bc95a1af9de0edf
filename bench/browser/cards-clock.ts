/**
 * Init script of the offline cold-start bench (bundled by bench/browser-bundle.ts, added with
 * page.addInitScript, so it runs in every new document before the app's own scripts): records on the page's own
 * clock, performance.now() (0 = this navigation's start), the moment the document first holds a full page of
 * product cards. A MutationObserver looks after each batch of DOM changes, so the figure is when the cards are
 * in the DOM (before paint), whether or not the initial loader still covers them.
 */
import { DEFAULT_PAGE_SIZE } from '../../src/domain/catalog-constants';
import { CARD_SELECTOR } from './product-cards';

const clock = globalThis as { __cardsAt?: number };
const observer = new MutationObserver(() => {
  if (document.querySelectorAll(CARD_SELECTOR).length < DEFAULT_PAGE_SIZE) return;
  clock.__cardsAt = performance.now();
  observer.disconnect();
});
observer.observe(document, { childList: true, subtree: true });
