/** Holds this page load's first screen (first-screen.ts) while the calling component is mounted and `waiting`. */
import { useLayoutEffect } from 'react';
import { firstScreen } from './first-screen';

export function useFirstScreenHold(waiting = true): void {
  // A layout effect: the hold is in place in the same commit that shows the component, before the initial loader
  // (after the page in the tree) asks whether the first screen is ready.
  useLayoutEffect(() => (waiting ? firstScreen.hold() : undefined), [waiting]);
}
