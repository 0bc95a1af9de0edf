/**
 * Answers the page fetched for itself on a first visit (first-answer.ts), kept by query until the data worker's
 * live answer for the same query comes. useData shows one as a provisional answer (like a remembered one: status
 * 'loading', `remembered` true), so a product page draws its product while the worker is still starting (on a slow
 * phone its script and database take over a second: issue 25). Keys are useData's: the query as JSON.
 */
import type { DataQuery, ResultOf } from '../../workers/data-api';

type Listener = () => void;

export interface FirstAnswers {
  provide<Q extends DataQuery>(query: Q, value: ResultOf<Q>): void;
  /** The answer kept for a query key (useData's JSON of the query), if any. */
  get(key: string): unknown;
  /** The live answer came: the page's own is not shown again. */
  forget(key: string): void;
  subscribe(listener: Listener): () => void;
}

export function createFirstAnswers(): FirstAnswers {
  const answers = new Map<string, unknown>();
  const listeners = new Set<Listener>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    provide(query, value) {
      answers.set(JSON.stringify(query), value);
      changed();
    },
    get: (key) => answers.get(key),
    forget(key) {
      if (answers.delete(key)) changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** This page load's. */
export const firstAnswers = createFirstAnswers();
