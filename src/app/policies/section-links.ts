/**
 * In-page links to a section heading: following one moves the focus to the heading (so keyboard and screen-reader
 * users land where they asked, not only the viewport), scrolls it to the top, and puts its #id in the address.
 */
import { useEffect, type MouseEvent } from 'react';

/** The section a location hash names ('#terms-law' → 'terms-law'), or null when it names none of them. */
export function sectionFromHash(hash: string, ids: readonly string[]): string | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null; // a malformed escape such as '#%E0'
  }
  return ids.includes(id) ? id : null;
}

function focusSection(id: string): boolean {
  const heading = document.getElementById(id);
  if (!heading) return false;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
  return true;
}

/** The click handler of a contents link to the heading with this id. */
export function followSectionLink(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!focusSection(id)) return;
  event.preventDefault();
  if (window.location.hash !== `#${id}`) window.history.pushState(window.history.state, '', `#${id}`);
}

/** Once the sections are on the page, a hash naming one of them (a shared link, back and forward) focuses it. */
export function useSectionFromHash(ids: readonly string[], ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const go = () => {
      const id = sectionFromHash(window.location.hash, ids);
      if (id) focusSection(id);
    };
    go();
    window.addEventListener('popstate', go);
    return () => window.removeEventListener('popstate', go);
  }, [ids, ready]);
}
