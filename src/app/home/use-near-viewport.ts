/**
 * Whether an element is near the viewport: true once it comes within NEAR_VIEWPORT_MARGIN of it, and from then on
 * (what was drawn stays drawn). True at once when `eager`, or where IntersectionObserver is missing. The home's
 * lower rows wait for it before they read and draw their cards: on a first visit their 48 cards (some 1,800
 * elements) were laid out, styled and painted in the same frame as the first screen's, a long task on a cheap
 * phone though none of them was on screen (issue 25).
 */
import { startTransition, useEffect, useState } from 'react';

/** How far ahead of the viewport a row starts drawing: its cards are there before it scrolls into view. */
export const NEAR_VIEWPORT_MARGIN = '600px 0px';

export function useNearViewport<T extends Element>(eager: boolean): { ref: (element: T | null) => void; near: boolean } {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<T | null>(null);

  useEffect(() => {
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: a row of cards drawn while the shopper scrolls renders in slices.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);

  return { ref: setElement, near };
}
