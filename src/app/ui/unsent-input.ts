/**
 * Forms holding input the user has not sent (issue 21): a form counts from the user's first input or change in one
 * of its fields until it is submitted or reset, or leaves the page. Values set by the app (a prefilled profile, a
 * default option) fire no input event and do not count. The install prompt stays away meanwhile.
 * Listens on the document from the moment this module loads (main.tsx imports it).
 */
import { useSyncExternalStore } from 'react';

/** What the tracker needs of a form: whether it is still in the page. */
export interface TrackedForm {
  readonly isConnected: boolean;
}

export interface UnsentInputTracker<F extends TrackedForm> {
  /** The user changed a field of `form`. */
  input(form: F): void;
  /** `form` was submitted or reset. */
  sent(form: F): void;
  /** Forgets the forms that left the page. */
  prune(): void;
  /** Whether a form still in the page holds unsent input. */
  has(): boolean;
  /** Whether any form is remembered (some may have left the page since). */
  tracking(): boolean;
  /** `listener` is called whenever has() changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createUnsentInputTracker<F extends TrackedForm>(): UnsentInputTracker<F> {
  const forms = new Set<F>();
  const listeners = new Set<() => void>();
  const has = () => [...forms].some((form) => form.isConnected);
  let last = false;
  const changed = () => {
    const now = has();
    if (now === last) return;
    last = now;
    listeners.forEach((listener) => listener());
  };
  return {
    input(form) {
      forms.add(form);
      changed();
    },
    sent(form) {
      forms.delete(form);
      changed();
    },
    prune() {
      for (const form of forms) if (!form.isConnected) forms.delete(form);
      changed();
    },
    has,
    tracking: () => forms.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An event as the watcher reads it: its target (a field, or the form for submit and reset). */
export interface UnsentInputEvent {
  readonly target: unknown;
}

/** The part of `document` the watcher listens on. */
export interface UnsentInputDocument {
  addEventListener(type: string, listener: (event: UnsentInputEvent) => void, capture: boolean): void;
  removeEventListener(type: string, listener: (event: UnsentInputEvent) => void, capture: boolean): void;
}

/** Calls onChange after changes to the page's elements until the returned stop is called. */
export type WatchRemovals = (onChange: () => void) => () => void;

/** The form a field belongs to (its `form`, which follows the form="" attribute), or the closest one around it. */
function formOf(target: unknown): TrackedForm | null {
  if (typeof target !== 'object' || target === null) return null;
  if ('form' in target) return (target.form as TrackedForm | null) ?? null;
  const element = target as { closest?: (selector: string) => TrackedForm | null };
  return typeof element.closest === 'function' ? element.closest('form') : null;
}

/**
 * Feeds `tracker` from the document's input, change, submit and reset events (capture phase, so a component that
 * stops propagation still counts), and while a form is remembered watches the page for it leaving (a step left, a
 * dialog closed). Returns the stop.
 */
export function watchUnsentInput(doc: UnsentInputDocument, tracker: UnsentInputTracker<TrackedForm>, watchRemovals: WatchRemovals): () => void {
  let stopRemovals: (() => void) | null = null;
  const followRemovals = () => {
    if (tracker.tracking() && !stopRemovals) {
      stopRemovals = watchRemovals(() => {
        tracker.prune();
        followRemovals();
      });
    } else if (!tracker.tracking() && stopRemovals) {
      stopRemovals();
      stopRemovals = null;
    }
  };
  const onInput = (event: UnsentInputEvent) => {
    const form = formOf(event.target);
    if (!form) return;
    tracker.input(form);
    followRemovals();
  };
  const onSent = (event: UnsentInputEvent) => {
    const form = event.target;
    if (typeof form !== 'object' || form === null || !('isConnected' in form)) return;
    tracker.sent(form as TrackedForm);
    followRemovals();
  };
  const listeners = [
    ['input', onInput],
    ['change', onInput],
    ['submit', onSent],
    ['reset', onSent],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
    stopRemovals?.();
    stopRemovals = null;
  };
}

const pageTracker = createUnsentInputTracker<TrackedForm>();

if (typeof document !== 'undefined' && typeof MutationObserver === 'function') {
  watchUnsentInput(document, pageTracker, (onChange) => {
    const observer = new MutationObserver(onChange);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
}

/** Whether a form on the page holds input the user has not sent. */
export function hasUnsentInput(): boolean {
  return pageTracker.has();
}

/** hasUnsentInput(), kept current. */
export function useUnsentInput(): boolean {
  return useSyncExternalStore(pageTracker.subscribe, pageTracker.has, () => false);
}
