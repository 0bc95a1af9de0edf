/** Holds this page load's first screen (first-screen.ts) while the calling component is mounted and `waiting`. */
import { createContext, use, useLayoutEffect } from 'react';
import { firstScreen } from './first-screen';

/**
 * True below a part of the page that is out of sight (a home row not yet near the viewport): its skeletons stand
 * for nothing on screen, so they do not hold the first screen.
 */
export const OutOfSight = createContext(false);

export function useFirstScreenHold(waiting = true): void {
  const outOfSight = use(OutOfSight);
  const holds = waiting && !outOfSight;
  // A layout effect: the hold is in place in the same commit that shows the component, before the initial loader
  // (after the page in the tree) asks whether the first screen is ready.
  useLayoutEffect(() => (holds ? firstScreen.hold() : undefined), [holds]);
}
