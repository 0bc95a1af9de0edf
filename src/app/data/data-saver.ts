/**
 * The page's data-saving signal (issue 25): the Network Information API's navigator.connection, where the
 * browser has it (Chromium). Data saving is on with saveData, or on a slow connection (effectiveType slow-2g, 2g
 * or 3g); the data worker then keeps only the products the shopper views (DataWorkerOptions.dataSaver).
 * Browsers without navigator.connection: off.
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

/**
 * Calls onChange with the new value each time the connection's signal flips (its 'change' event); returns the
 * unsubscribe. A browser without navigator.connection never calls it.
 */
export function watchDataSaver(onChange: (on: boolean) => void, connection: ConnectionTarget | null = pageConnection()): () => void {
  if (!connection) return () => undefined;
  let last = isDataSaver(connection);
  const listener = () => {
    const next = isDataSaver(connection);
    if (next === last) return;
    last = next;
    onChange(next);
  };
  connection.addEventListener('change', listener);
  return () => connection.removeEventListener('change', listener);
}
