/** Records what an observable emits and waits for an emission that satisfies a predicate. */
import type { Observable } from 'rxjs';

export interface Recorder<T> {
  values: T[];
  /** Resolves with the first emission (past or future) that satisfies pred. */
  until(pred: (value: T) => boolean, timeoutMs?: number, label?: string): Promise<T>;
  stop(): void;
}

export function record<T>(source: Observable<T>): Recorder<T> {
  const values: T[] = [];
  const waiters = new Set<{ pred: (v: T) => boolean; resolve: (v: T) => void }>();
  const sub = source.subscribe((v) => {
    values.push(v);
    for (const w of [...waiters]) {
      if (w.pred(v)) {
        waiters.delete(w);
        w.resolve(v);
      }
    }
  });
  return {
    values,
    until(pred, timeoutMs = 5000, label = 'emission') {
      const hit = values.find(pred);
      if (hit !== undefined) return Promise.resolve(hit);
      return new Promise<T>((resolve, reject) => {
        const w = { pred, resolve: (v: T) => (clearTimeout(timer), resolve(v)) };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${label}; last: ${JSON.stringify(values.at(-1))?.slice(0, 300)}`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    stop() {
      sub.unsubscribe();
      waiters.clear();
    },
  };
}
