/** A Storage whose every call throws, as blocked or full storage does. */
export function throwingStorage(): Storage {
  const fail = (): never => {
    throw new DOMException('storage unavailable', 'SecurityError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}
