/**
 * Toasts (spec §9: 2 s for cart and wishlist): a tiny store outside React so any component, hook or
 * callback can show one; <Toasts/> (app shell) renders them. Each toast leaves after its duration.
 */
export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  /** An optional link, e.g. 'Log in' for a guest. */
  action?: { label: string; href: string };
}

export const TOAST_MS = 2000;
/** Older toasts leave when more than this many are shown. */
const MAX_TOASTS = 3;

type Listener = () => void;

export interface ToastStore {
  show(toast: Omit<Toast, 'id'>, durationMs?: number): number;
  dismiss(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };

  return {
    show(toast, durationMs = TOAST_MS) {
      const id = nextId++;
      // The same text shown again replaces the older copy (a double click says it once).
      const same = toasts.find((t) => t.text === toast.text && t.tone === toast.tone);
      if (same) dismiss(same.id);
      toasts = [...toasts, { ...toast, id }].slice(-MAX_TOASTS);
      for (const id of timers.keys()) if (!toasts.some((t) => t.id === id)) dismiss(id);
      timers.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
      emit();
      return id;
    },
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's toasts. */
export const toasts = createToastStore();

export const showToast = (toast: Omit<Toast, 'id'>, durationMs?: number): number => toasts.show(toast, durationMs);
