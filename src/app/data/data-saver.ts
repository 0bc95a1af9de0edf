/**
 * The page's data-saving signal (issue 25): the Network Information API's navigator.connection, where the
 * browser has it (Chromium). Data saving is on with saveData, or on a slow connection (effectiveType slow-2g, 2g
 * or 3g); the data worker then keeps only the products the shopper views (DataWorkerOptions.dataSaver).
 * Browsers without navigator.connection: off. A change to on is reported at once, a change to off only once it
 * has held for DATA_SAVER_OFF_HOLD_MS (watchDataSaver).
 */

/** The part of the Network Information API the app reads; typed here, the DOM library has none. */
export interface ConnectionSignal {
  saveData?: boolean;
  effectiveType?: string;
}

type ConnectionTarget = ConnectionSignal & Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const SLOW_TYPES: ReadonlySet<string> = new Set(['slow-2g', '2g', '3g']);

/** Whether a connection asks to save data: saveData on, or effectiveType slow-2g, 2g or 3g. */
export function isDataSaver(connection: ConnectionSignal | null | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || (typeof connection.effectiveType === 'string' && SLOW_TYPES.has(connection.effectiveType));
}

function isConnectionTarget(value: unknown): value is ConnectionTarget {
  return typeof value === 'object' && value !== null && 'addEventListener' in value && typeof value.addEventListener === 'function';
}

/** navigator.connection when the browser has it. */
export function pageConnection(nav: Navigator | undefined = globalThis.navigator): ConnectionTarget | null {
  if (!nav || !('connection' in nav)) return null;
  const connection: unknown = nav.connection;
  return isConnectionTarget(connection) ? connection : null;
}

/** How long a change to "data saving off" must hold before it is reported: a flip back within it cancels it. */
export const DATA_SAVER_OFF_HOLD_MS = 30_000;

/** The timer watchDataSaver waits with; the page's own by default, a fake one in tests. */
export interface DataSaverTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const pageTimer: DataSaverTimer = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Calls onChange with the new value each time the connection's signal flips (its 'change' event); returns the
 * unsubscribe. A flip to on (save data) is reported at once; a flip to off only once it has held for offHoldMs,
 * so a connection wavering between 3g and 4g does not start and cancel the catalogue's pull at each change (a
 * flip back to on within the hold cancels the report: the worker never heard of the off). A browser without
 * navigator.connection never calls it.
 */
export function watchDataSaver(
  onChange: (on: boolean) => void,
  connection: ConnectionTarget | null = pageConnection(),
  { offHoldMs = DATA_SAVER_OFF_HOLD_MS, timer = pageTimer }: { offHoldMs?: number; timer?: DataSaverTimer } = {},
): () => void {
  if (!connection) return () => undefined;
  /** The value last reported (or read at the start): what the worker was told. */
  let reported = isDataSaver(connection);
  /** The timer of an off not reported yet, while it holds. */
  let offTimer: { handle: unknown } | null = null;
  const cancelOff = () => {
    if (offTimer) timer.clearTimeout(offTimer.handle);
    offTimer = null;
  };
  const listener = () => {
    if (isDataSaver(connection)) {
      cancelOff();
      if (reported) return;
      reported = true;
      onChange(true);
      return;
    }
    if (!reported || offTimer) return;
    offTimer = {
      handle: timer.setTimeout(() => {
        offTimer = null;
        if (isDataSaver(connection)) return;
        reported = false;
        onChange(false);
      }, offHoldMs),
    };
  };
  connection.addEventListener('change', listener);
  return () => {
    cancelOff();
    connection.removeEventListener('change', listener);
  };
}
