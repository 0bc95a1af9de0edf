/** Whether the page is visible (document.visibilityState), following visibilitychange. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = () => document.visibilityState === 'visible';

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, () => true);
}
