/**
 * The messages of a thread, live from the local database: pages 1…n of the 'messages' query (page 1 the newest),
 * each its own live query, so "load older" adds a page and the earlier ones stay on screen while it loads.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MessagesPage } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';

/** A thread: the buyer's with a shop (shopId), or the shop's with a buyer (shopId and userId). */
export interface ThreadQuery {
  shopId: number;
  userId?: number;
}

export interface ThreadMessages {
  /** pages[0] is page 1; undefined while that page loads. */
  pages: (MessagesPage | undefined)[];
  status: 'loading' | 'ready' | 'error';
  retry: () => void;
}

interface Loaded {
  key: string;
  pages: Record<number, MessagesPage>;
  failed: boolean;
}

export function useThreadMessages(query: ThreadQuery, count: number): ThreadMessages {
  const client = useDataClient();
  const key = JSON.stringify({ shopId: query.shopId, userId: query.userId });
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ key, pages: {}, failed: false });

  useEffect(() => {
    const base = JSON.parse(key) as ThreadQuery;
    let active = true;
    const unsubscribes: (() => void)[] = [];
    const fail = (error: unknown) => {
      console.error('chat: the messages query failed', base, error);
      if (active) setLoaded((s) => ({ key, pages: s.key === key ? s.pages : {}, failed: true }));
    };
    for (let page = 1; page <= count; page += 1) {
      client
        .watch(
          { kind: 'messages', ...base, page },
          (data) => {
            if (!active) return;
            setLoaded((s) => ({ key, pages: { ...(s.key === key ? s.pages : {}), [page]: data }, failed: false }));
          },
          fail,
        )
        .then((unsubscribe) => {
          if (active) unsubscribes.push(unsubscribe);
          else unsubscribe();
        })
        .catch(fail);
    }
    return () => {
      active = false;
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, key, count, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = loaded.key === key ? loaded : { key, pages: {}, failed: false };
  const pages = Array.from({ length: count }, (_, i) => mine.pages[i + 1]);
  const status = mine.failed ? 'error' : pages[0] === undefined ? 'loading' : 'ready';
  return { pages, status, retry };
}
