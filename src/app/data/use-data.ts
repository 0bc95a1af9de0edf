/**
 * Live reads from the local database. useData(query) subscribes with watch()
 * and re-renders on every change that affects the result; it unsubscribes when
 * the component unmounts or the query changes. Queries are compared by value,
 * so an inline object literal does not resubscribe on every render.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataQuery, ResultOf } from '../../workers/data-api';
import { answerPacing } from './answer-pacing';
import { useDataClient } from './data-context';
import { rememberedResults } from './remembered-results';

export type DataStatus = 'loading' | 'ready' | 'error';

export interface DataState<T> {
  data: T | undefined;
  status: DataStatus;
  /** Subscribes again after an error. */
  retry: () => void;
  /** data is this query's answer remembered from an earlier visit, shown until the live one comes (status 'loading'). */
  remembered: boolean;
}

interface Snapshot<T> {
  key: string | null;
  attempt: number;
  data: T | undefined;
  status: DataStatus;
}

export interface UseDataOptions<T> {
  /** While a new query loads, keep returning the previous result (status stays 'loading'). */
  keepPrevious?: boolean;
  /**
   * Remember the live answers (remembered-results.ts) and, while this query has no answer yet in this page,
   * return the remembered one if it passes this shape check. Pass a function defined once, not inline.
   */
  remember?: (value: unknown) => value is T;
  /** What of an answer is remembered (default: all of it). Pass a function defined once, not inline. */
  rememberAs?: (value: T) => T;
}

/** null skips the read (e.g. while a route parameter is missing). */
export function useData<Q extends DataQuery>(
  query: Q | null,
  options: UseDataOptions<ResultOf<Q>> = {},
): DataState<ResultOf<Q>> {
  const client = useDataClient();
  const key = query === null ? null : JSON.stringify(query);
  const [attempt, setAttempt] = useState(0);
  const { remember, rememberAs } = options;
  const [snapshot, setSnapshot] = useState<Snapshot<ResultOf<Q>>>({
    key: null,
    attempt: 0,
    data: undefined,
    status: 'loading',
  });

  useEffect(() => {
    if (key === null) return;
    const q = JSON.parse(key) as Q;
    let active = true;
    let unsubscribe: (() => void) | null = null;
    client
      .watch(
        q,
        (data) => {
          if (!active) return;
          // In a transition (React renders the answer in slices and yields to input between them, so a screen
          // filling with cards makes no long task of its own), and during a sync together with the page's other
          // answers, at most once per 500 ms (answer-pacing.ts).
          answerPacing.deliver(() => setSnapshot({ key, attempt, data, status: 'ready' }));
          if (remember) rememberedResults.remember(key, rememberAs ? rememberAs(data) : data);
        },
        // The worker ended the watch (the query failed): show the error state, retry() subscribes again.
        (error) => {
          console.error('useData: live query failed', q, error);
          if (active) setSnapshot({ key, attempt, data: undefined, status: 'error' });
        },
      )
      .then((unsub) => {
        if (active) unsubscribe = unsub;
        else unsub();
      })
      .catch((error: unknown) => {
        console.error('useData: watch failed', q, error);
        if (active) setSnapshot({ key, attempt, data: undefined, status: 'error' });
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [client, key, attempt, remember, rememberAs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Looked up only until this page has had an answer: after that, keepPrevious (or the skeleton) takes over.
  const firstAnswer = snapshot.key === null;
  const recalled = useMemo(() => {
    if (!remember || key === null || !firstAnswer) return undefined;
    const value = rememberedResults.get(key);
    return value !== undefined && remember(value) ? value : undefined;
  }, [remember, key, firstAnswer]);

  if (snapshot.key === key && snapshot.attempt === attempt) {
    return { data: snapshot.data, status: snapshot.status, retry, remembered: false };
  }
  const previous = options.keepPrevious && snapshot.status === 'ready' ? snapshot.data : undefined;
  if (previous === undefined && recalled !== undefined) return { data: recalled, status: 'loading', retry, remembered: true };
  return { data: previous, status: 'loading', retry, remembered: false };
}
