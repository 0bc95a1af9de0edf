/**
 * Whether an element is near the viewport: true once it comes within NEAR_VIEWPORT_PX of it, and from then on
 * (what was drawn stays drawn). True whenever `eager` is, and where IntersectionObserver is missing. The home's
 * lower rows wait for it before they read and draw their cards: on a first visit their 48 cards (some 1,800
 * elements) were laid out, styled and painted in the same frame as the first screen's, a long task on a cheap
 * phone though none of them was on screen (issue 25).
 */
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';

/** How far ahead of the viewport a row starts drawing, in CSS pixels: its cards are there before it scrolls in. */
export const NEAR_VIEWPORT_PX = 600;

export function useNearViewport<T extends Element>(eager: boolean): { ref: (element: T | null) => void; near: boolean } {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<T | null>(null);
  const near = seen || eager;

  // Near already when first laid out (a tall screen): drawn before the first paint, not a frame later.
  useLayoutEffect(() => {
    if (near || element === null) return;
    if (element.getBoundingClientRect().top < window.innerHeight + NEAR_VIEWPORT_PX) setSeen(true);
  }, [near, element]);

  useEffect(() => {
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: a row of cards drawn while the shopper scrolls renders in slices.
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setSeen(true));
      },
      { rootMargin: `${NEAR_VIEWPORT_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);

  return { ref: setElement, near };
}
