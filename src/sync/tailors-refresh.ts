/**
 * Fetches the tailors into the local cache (src/db/tailors-cache.ts, docs/TAILORING.md): GET /api/v1/tailors
 * (`?locale=` the interface language when given; the answer holds the bios in every language either way),
 * validated with the domain's schema, when the cache is older than 1800 s (or forced) and the device is online.
 * A failure keeps the cache as it was; the next visit asks again. Concurrent asks share one request.
 */
import { readTailorsCache, tailorsCacheStale, writeTailorsCache } from '../db/tailors-cache';
import type { SoukDatabase } from '../db/database';
import { tailorListResponseSchema } from '../domain/tailoring';
import type { TailorsRefresh } from '../workers/data-api';
import type { OnlineSignal } from './online-signal';
import { timeoutController, type FetchLike } from './transport/fetch-type';

const TIMEOUT_MS = 15_000;

export interface TailorsRefreshOptions {
  db: SoukDatabase;
  apiBase: string;
  online: OnlineSignal;
  fetch?: FetchLike;
  now?(): number;
}

export function tailorsRefresher(o: TailorsRefreshOptions): (force?: boolean, locale?: string) => Promise<TailorsRefresh> {
  const doFetch: FetchLike = o.fetch ?? ((input, init) => fetch(input, init));
  const now = o.now ?? Date.now;
  let running: Promise<TailorsRefresh> | null = null;

  async function run(locale: string | undefined): Promise<TailorsRefresh> {
    const timer = timeoutController(undefined, TIMEOUT_MS);
    const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
    try {
      const res = await doFetch(`${o.apiBase}/api/v1/tailors${query}`, { headers: { accept: 'application/json' }, signal: timer.signal });
      if (!res.ok) return 'failed';
      const parsed = tailorListResponseSchema.safeParse(await res.json());
      if (!parsed.success) return 'failed';
      await writeTailorsCache(o.db, parsed.data.data, now());
      return 'fetched';
    } catch {
      return o.online.isOnline() ? 'failed' : 'offline';
    } finally {
      timer.dispose();
    }
  }

  return async (force = false, locale?: string) => {
    if (!force && !tailorsCacheStale(await readTailorsCache(o.db), now())) return 'fresh';
    if (!o.online.isOnline()) return 'offline';
    running ??= run(locale).finally(() => {
      running = null;
    });
    return running;
  };
}
