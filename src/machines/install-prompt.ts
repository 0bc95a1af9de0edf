/**
 * The install prompt (spec §4 and §9) as a state machine.
 *
 *   start ─┬─ running as the installed app ─────────────────────────────▶ installed
 *          ├─ installed before, seen in a browser tab ──▶ installedHere ──due──▶ reminder ──DISMISS──▶ installed
 *          ├─ no `beforeinstallprompt` in this browser ─▶ unsupported (shows 'Install not supported' when due)
 *          └─ else ─▶ waiting ──PROMPT_AVAILABLE──▶ ready ──due──▶ prompt ──INSTALL──▶ prompting
 *                                                      ▲                 │ DISMISS          │ accepted ─▶ success ─5 s─▶ installed
 *                                                      └─────────────────┘                  │ dismissed ─▶ waiting (counted)
 *                                                                                            └ throws ──▶ failed ('Install failed')
 *
 * "Due": the engagement score reaches 50 + 10 per stored dismissal, and enough days have passed since the last
 * dismissal. The waits are 7, 14 and 30 days after the 1st, 2nd and 3rd dismissal; after 3 dismissals the
 * sequence becomes 14, 30 and 90 days (after the 4th, 5th, and 6th and later). The reminder (the app is already
 * installed, the page is open in a tab) only waits for the interval, counted from the install or the last
 * dismissal, the 1st one 7 days. Every dismissal (Not now on the prompt, the reminder or the 'not supported'
 * note, or a 'dismissed' answer to the browser's dialog) is stored; only the last 10 are kept.
 *
 * Never in the way (issue 21): nothing shows on the checkout, sign-in and registration pages, nor while a form on
 * the page holds input the user has not sent (`context.path` and `context.unsentInput`, from the input and the
 * PAGE_CHANGED / UNSENT_INPUT events; the `suppressed` guard). A prompt, reminder or note showing then is withdrawn
 * without counting as a dismissal and comes back when the page allows it; 'Souk is installed' and 'Install failed'
 * close as with CLOSE. The browser's own dialog (prompting) is modal and left alone.
 *
 * Pure: what is remembered between visits (score, dismissals, install time) comes in as input and is
 * `context.stored` (the UI writes it to localStorage); the clock is `input.now` (Date.now by default, so fake
 * timers drive it); the browser's dialog is the `showPrompt` actor, injected with .provide().
 */
import { and, assign, fromPromise, not, setup } from 'xstate';

export const INSTALL_SCORE_THRESHOLD = 50;
export const INSTALL_SCORE_PER_DISMISSAL = 10;
/** Waits in days after the 1st, 2nd and 3rd dismissal… */
export const INSTALL_REMINDER_DAYS = [7, 14, 30] as const;
/** …and after 3 dismissals: after the 4th, 5th, and 6th and later. */
export const INSTALL_REMINDER_DAYS_AFTER_3 = [14, 30, 90] as const;
export const INSTALL_DISMISSALS_KEPT = 10;
/** How long 'Souk is installed' stays before the banner leaves. */
export const INSTALL_SUCCESS_MS = 5000;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages (paths without the language prefix) where nothing shows: the checkout and the sign-in pages. */
export const INSTALL_QUIET_PATHS = ['/checkout', '/login', '/register'] as const;

/** What the machine remembers between visits (localStorage). */
export interface InstallStoredState {
  /** Engagement points so far. */
  score: number;
  /** When the prompt (or reminder) was dismissed, epoch ms, oldest first; the last 10. */
  dismissals: number[];
  /** When the app was installed (epoch ms), or null. */
  installedAt: number | null;
}

export const EMPTY_INSTALL_STATE: InstallStoredState = { score: 0, dismissals: [], installedAt: null };

export interface InstallPromptInput {
  stored?: InstallStoredState;
  /** Whether this browser fires `beforeinstallprompt` at all. */
  promptSupported: boolean;
  /** Running as the installed app (display-mode standalone). */
  standalone: boolean;
  /** The page's path without the language prefix ('/' when not given). */
  path?: string;
  /** A form on the page holds input the user has not sent (false when not given). */
  unsentInput?: boolean;
  now?: () => number;
}

export interface InstallPromptContext {
  stored: InstallStoredState;
  promptSupported: boolean;
  standalone: boolean;
  path: string;
  unsentInput: boolean;
  now: () => number;
  error: unknown;
}

export type InstallPromptEvent =
  /** The browser offered installation (a captured `beforeinstallprompt`). */
  | { type: 'PROMPT_AVAILABLE' }
  /** Engagement points earned (page view, product view, add to cart). */
  | { type: 'ENGAGE'; points: number }
  | { type: 'INSTALL' }
  | { type: 'DISMISS' }
  /** Closes the success or failure message. */
  | { type: 'CLOSE' }
  /** The browser's `appinstalled`. */
  | { type: 'INSTALLED' }
  /** The user moved to another page (its path without the language prefix). */
  | { type: 'PAGE_CHANGED'; path: string }
  /** Whether a form on the page now holds input the user has not sent. */
  | { type: 'UNSENT_INPUT'; unsent: boolean };

/** What the browser's dialog answered (BeforeInstallPromptEvent.userChoice). */
export interface InstallChoice {
  outcome: 'accepted' | 'dismissed';
}

/** The score the next prompt needs: 50 plus 10 per stored dismissal. */
export function installThreshold(dismissals: number): number {
  return INSTALL_SCORE_THRESHOLD + INSTALL_SCORE_PER_DISMISSAL * dismissals;
}

/** Days to wait after the `count`-th dismissal (count ≥ 1); 7 before any (the reminder's first wait). */
export function reminderIntervalDays(count: number): number {
  if (count <= 3) return INSTALL_REMINDER_DAYS[Math.max(0, count - 1)] ?? 7;
  return INSTALL_REMINDER_DAYS_AFTER_3[Math.min(count - 4, INSTALL_REMINDER_DAYS_AFTER_3.length - 1)] ?? 90;
}

/** Adds a dismissal at `at`, keeping the last 10. */
export function withDismissal(stored: InstallStoredState, at: number): InstallStoredState {
  return { ...stored, dismissals: [...stored.dismissals, at].slice(-INSTALL_DISMISSALS_KEPT) };
}

function intervalPassed(stored: InstallStoredState, now: number, from: number | null): boolean {
  const last = stored.dismissals.at(-1) ?? null;
  const since = Math.max(last ?? -Infinity, from ?? -Infinity);
  if (since === -Infinity) return true;
  return now - since >= reminderIntervalDays(stored.dismissals.length) * DAY_MS;
}

/** The prompt may show: the score reaches the threshold and the wait since the last dismissal is over. */
export function promptDue(stored: InstallStoredState, now: number): boolean {
  return stored.score >= installThreshold(stored.dismissals.length) && intervalPassed(stored, now, null);
}

/** The 'already installed' reminder may show: the wait since the install or the last dismissal is over. */
export function reminderDue(stored: InstallStoredState, now: number): boolean {
  return intervalPassed(stored, now, stored.installedAt);
}

/** Whether nothing may show: a checkout or sign-in page (or below it), or a form with unsent input. */
export function installPromptSuppressed(path: string, unsentInput: boolean): boolean {
  if (unsentInput) return true;
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  return INSTALL_QUIET_PATHS.some((quiet) => clean === quiet || clean.startsWith(`${quiet}/`));
}

function cleanStored(stored: InstallStoredState | undefined): InstallStoredState {
  if (!stored) return EMPTY_INSTALL_STATE;
  const score = Number.isFinite(stored.score) && stored.score > 0 ? stored.score : 0;
  const dismissals = Array.isArray(stored.dismissals) ? stored.dismissals.filter(Number.isFinite).slice(-INSTALL_DISMISSALS_KEPT) : [];
  const installedAt = typeof stored.installedAt === 'number' && Number.isFinite(stored.installedAt) ? stored.installedAt : null;
  return { score, dismissals, installedAt };
}

const notProvided = () => Promise.reject(new Error('install prompt: showPrompt not provided'));

export const installPromptMachine = setup({
  types: {
    context: {} as InstallPromptContext,
    events: {} as InstallPromptEvent,
    input: {} as InstallPromptInput,
  },
  actors: {
    /** Calls prompt() on the captured event and resolves with its userChoice. */
    showPrompt: fromPromise<InstallChoice>(notProvided),
  },
  delays: {
    successShown: INSTALL_SUCCESS_MS,
  },
  guards: {
    isStandalone: ({ context }) => context.standalone,
    wasInstalled: ({ context }) => context.stored.installedAt !== null,
    promptUnsupported: ({ context }) => !context.promptSupported,
    promptDue: ({ context }) => promptDue(context.stored, context.now()),
    reminderDue: ({ context }) => reminderDue(context.stored, context.now()),
    accepted: ({ event }) => (event as { output?: InstallChoice }).output?.outcome === 'accepted',
    suppressed: ({ context }) => installPromptSuppressed(context.path, context.unsentInput),
  },
  actions: {
    addPoints: assign({
      stored: ({ context, event }) => {
        const points = event.type === 'ENGAGE' && Number.isFinite(event.points) ? Math.max(0, event.points) : 0;
        return { ...context.stored, score: context.stored.score + points };
      },
    }),
    recordDismissal: assign({ stored: ({ context }) => withDismissal(context.stored, context.now()) }),
    markInstalled: assign({ stored: ({ context }) => ({ ...context.stored, installedAt: context.now() }) }),
    forgetInstall: assign({ stored: ({ context }) => ({ ...context.stored, installedAt: null }) }),
    assignError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    clearError: assign({ error: null }),
    setPath: assign({ path: ({ context, event }) => (event.type === 'PAGE_CHANGED' ? event.path : context.path) }),
    setUnsentInput: assign({
      unsentInput: ({ context, event }) => (event.type === 'UNSENT_INPUT' ? event.unsent : context.unsentInput),
    }),
  },
}).createMachine({
  id: 'installPrompt',
  context: ({ input }) => ({
    stored: cleanStored(input.stored),
    promptSupported: input.promptSupported,
    standalone: input.standalone,
    path: input.path ?? '/',
    unsentInput: input.unsentInput ?? false,
    now: input.now ?? Date.now,
    error: null,
  }),
  initial: 'start',
  // Each of these re-checks the current state's `always` (due, or withdrawn while suppressed).
  on: {
    ENGAGE: { actions: 'addPoints' },
    PAGE_CHANGED: { actions: 'setPath' },
    UNSENT_INPUT: { actions: 'setUnsentInput' },
  },
  states: {
    start: {
      always: [
        { guard: 'isStandalone', target: 'installed' },
        { guard: 'wasInstalled', target: 'installedHere' },
        { guard: 'promptUnsupported', target: 'unsupported' },
        { target: 'waiting' },
      ],
    },
    /** Waiting for the browser to offer installation. */
    waiting: {
      on: {
        PROMPT_AVAILABLE: 'ready',
        INSTALLED: { target: 'success', actions: 'markInstalled' },
      },
    },
    /** Offered, but not yet due (score too low, or too soon after a dismissal). ENGAGE re-checks. */
    ready: {
      always: { guard: and(['promptDue', not('suppressed')]), target: 'prompt' },
      // ENGAGE (handled at the root) re-checks `always`.
      on: {
        INSTALLED: { target: 'success', actions: 'markInstalled' },
      },
    },
    /** The smart banner: Install / Not now. Withdrawn (not dismissed) while suppressed. */
    prompt: {
      always: { guard: 'suppressed', target: 'ready' },
      on: {
        INSTALL: 'prompting',
        DISMISS: { target: 'ready', actions: 'recordDismissal' },
        INSTALLED: { target: 'success', actions: 'markInstalled' },
      },
    },
    /** The browser's own dialog is open. A used prompt event cannot be shown again: back to waiting after. */
    prompting: {
      invoke: {
        src: 'showPrompt',
        onDone: [
          { guard: 'accepted', target: 'success', actions: 'markInstalled' },
          { target: 'waiting', actions: 'recordDismissal' },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
      on: {
        INSTALLED: { target: 'success', actions: 'markInstalled' },
      },
    },
    /** 'Install failed'. */
    failed: {
      always: { guard: 'suppressed', target: 'waiting', actions: 'clearError' },
      on: {
        CLOSE: { target: 'waiting', actions: 'clearError' },
        PROMPT_AVAILABLE: { target: 'ready', actions: 'clearError' },
        INSTALLED: { target: 'success', actions: ['clearError', 'markInstalled'] },
      },
    },
    /** 'Souk is installed', for a few seconds. */
    success: {
      always: { guard: 'suppressed', target: 'installed' },
      after: { successShown: 'installed' },
      on: { CLOSE: 'installed' },
    },
    /** Nothing to show. */
    installed: {
      on: { INSTALLED: { actions: 'markInstalled' } },
    },
    /** Installed before; this is a browser tab. The reminder shows when due. */
    installedHere: {
      always: { guard: and(['reminderDue', not('suppressed')]), target: 'reminder' },
      on: {
        // The browser offers installation again: the app was uninstalled.
        PROMPT_AVAILABLE: { target: 'ready', actions: 'forgetInstall' },
      },
    },
    /** 'Souk is already installed on this device…': Not now. Withdrawn (not dismissed) while suppressed. */
    reminder: {
      always: { guard: 'suppressed', target: 'installedHere' },
      on: {
        DISMISS: { target: 'installed', actions: 'recordDismissal' },
        PROMPT_AVAILABLE: { target: 'ready', actions: 'forgetInstall' },
      },
    },
    /** No `beforeinstallprompt` here: 'Install not supported' when the prompt would be due. */
    unsupported: {
      initial: 'quiet',
      states: {
        quiet: {
          always: { guard: and(['promptDue', not('suppressed')]), target: 'shown' },
        },
        shown: {
          always: { guard: 'suppressed', target: 'quiet' },
          on: { DISMISS: { target: 'quiet', actions: 'recordDismissal' } },
        },
      },
      on: {
        PROMPT_AVAILABLE: 'ready',
        INSTALLED: { target: 'success', actions: 'markInstalled' },
      },
    },
  },
});

/** What the banner shows for a state of the machine. */
export type InstallView = 'hidden' | 'prompt' | 'prompting' | 'success' | 'failed' | 'reminder' | 'unsupported';

export function installView(value: unknown): InstallView {
  if (value === 'prompt' || value === 'prompting' || value === 'success' || value === 'failed' || value === 'reminder') return value;
  if (typeof value === 'object' && value !== null && (value as { unsupported?: unknown }).unsupported === 'shown') return 'unsupported';
  return 'hidden';
}
