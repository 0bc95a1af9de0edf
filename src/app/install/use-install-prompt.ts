/**
 * Runs the install prompt machine for the app shell: its remembered state comes from and goes back to
 * localStorage, the browser's install events feed it, and engagement (page views, product views, items
 * added to the cart) raises its score. It is told the page's path and whether a form holds unsent input: the
 * machine keeps the banner away from the checkout, the sign-in pages and unsent forms.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useLocation } from 'wouter';
import { installPromptMachine, installView, type InstallView } from '../../machines/install-prompt';
import { useData } from '../data/use-data';
import { hasUnsentInput, useUnsentInput } from '../ui/unsent-input';
import { pointsForCart, pointsForPage } from './engagement';
import { installPromptSupported, runningStandalone, showDeferredPrompt, subscribeInstallEvents } from './install-events';
import { readInstallState, writeInstallState } from './install-storage';

const browserInstallPrompt = installPromptMachine.provide({
  actors: { showPrompt: fromPromise(() => showDeferredPrompt()) },
});

export interface InstallPrompt {
  view: InstallView;
  install(): void;
  dismiss(): void;
  close(): void;
}

export function useInstallPrompt(): InstallPrompt {
  const [location] = useLocation();
  // Read once: the machine takes its input when it starts.
  const [input] = useState(() => ({
    stored: readInstallState(),
    promptSupported: installPromptSupported(),
    standalone: runningStandalone(),
    path: location,
    unsentInput: hasUnsentInput(),
  }));
  const [snapshot, send] = useMachine(browserInstallPrompt, { input });
  const stored = snapshot.context.stored;

  useEffect(() => writeInstallState(stored), [stored]);

  useEffect(
    () => subscribeInstallEvents((what) => send(what === 'available' ? { type: 'PROMPT_AVAILABLE' } : { type: 'INSTALLED' })),
    [send],
  );

  // The new page first, so points earned on arriving at the checkout never show the banner there.
  useEffect(() => {
    send({ type: 'PAGE_CHANGED', path: location });
    send({ type: 'ENGAGE', points: pointsForPage(location) });
  }, [location, send]);

  const unsentInput = useUnsentInput();
  useEffect(() => send({ type: 'UNSENT_INPUT', unsent: unsentInput }), [unsentInput, send]);

  const { data: cart } = useData({ kind: 'cart' });
  const itemCount = cart?.totals.item_count ?? null;
  const lastCount = useRef<number | null>(null);
  useEffect(() => {
    const points = pointsForCart(lastCount.current, itemCount);
    lastCount.current = itemCount;
    if (points > 0) send({ type: 'ENGAGE', points });
  }, [itemCount, send]);

  return {
    view: installView(snapshot.value),
    install: () => send({ type: 'INSTALL' }),
    dismiss: () => send({ type: 'DISMISS' }),
    close: () => send({ type: 'CLOSE' }),
  };
}
