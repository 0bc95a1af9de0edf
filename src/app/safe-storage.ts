/**
 * The page's localStorage, or undefined where there is none: outside a browser, or where reading the property
 * throws (storage blocked by privacy settings). Callers still guard each read and write, which can throw too
 * (quota, blocked storage).
 */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
