/**
 * The cart snapshot (docs/COMMERCE.md): the cart has no pull endpoint; when no cart entry is unsettled,
 * GET /api/cart replaces the local cart (cart_items and the local document cart-meta: the server's figures
 * win). Asked for after a cart entry is settled, at session start, on a `cart` stream poke and on
 * `online`. Signed in it asks with the bearer; a guest with a stored guest token asks with the
 * Guest-Token; with neither there is no server cart to fetch.
 *
 * Requests are coalesced (one at a time; asks meanwhile make one more). A failure is not retried in a
 * loop: the next trigger (a poke, online, a settled entry) asks again. The lock is held while the answer
 * is written, and the unsettled check is repeated under it, so a cart change queued during the request
 * is never overwritten.
 */
import { z } from 'zod';
import { replaceCart } from '../db/cart';
import type { SoukDatabase } from '../db/database';
import { hasUnsettledCartEntry, type LocalWriteLock } from '../db/outbox';
import { DEFAULT_CART_COUNTRY } from '../domain/commerce';
import { cartSchema } from '../domain/commerce-schemas';
import { applyGuestTokenHeader, GUEST_TOKEN_HEADER, readGuestToken } from './guest-token';
import type { OnlineSignal } from './online-signal';
import { bearer } from './session-token';
import { timeoutController, type FetchLike } from './transport/fetch-type';

const cartAnswerSchema = z.object({ data: cartSchema });

export interface CartRefreshOptions {
  db: SoukDatabase;
  apiBase: string;
  lock: LocalWriteLock;
  online: OnlineSignal;
  fetch?: FetchLike;
  /** The usable session token, or null (guest, or refused). */
  token(): string | null;
  timeoutMs?: number;
  now?(): number;
  /** How the last refresh ended: 'replaced', 'skipped' (something queued, offline, no cart), or an error code. */
  onResult?(result: string): void;
}

export interface CartRefresher {
  /** Fetch the server's cart now (coalesced). */
  refresh(): void;
  /** Resolves when no refresh is running or asked for. */
  whenIdle(): Promise<void>;
  stop(): void;
}

export function startCartRefresher(o: CartRefreshOptions): CartRefresher {
  const doFetch: FetchLike = o.fetch ?? ((input, init) => fetch(input, init));
  const stopped = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;

  async function once(): Promise<string> {
    if (!o.online.isOnline()) return 'skipped';
    if (await hasUnsettledCartEntry(o.db)) return 'skipped';
    const token = o.token();
    const guest = token === null ? await readGuestToken(o.db) : null;
    if (token === null && guest === null) return 'skipped';
    const t = timeoutController(stopped.signal, o.timeoutMs ?? 30_000);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${o.apiBase}/api/cart?country=${DEFAULT_CART_COUNTRY}`, {
        method: 'GET',
        headers: { ...(token === null ? { [GUEST_TOKEN_HEADER]: guest ?? '' } : bearer(token)), accept: 'application/json' },
        signal: t.signal,
        cache: 'no-store',
      });
      text = await res.text();
    } catch {
      return t.timedOut() ? 'timeout' : 'network';
    } finally {
      t.dispose();
    }
    if (token === null) await applyGuestTokenHeader(o.db, res.headers);
    if (!res.ok) return `http_${res.status}`;
    let cart;
    try {
      cart = cartAnswerSchema.parse(JSON.parse(text)).data;
    } catch {
      return 'protocol';
    }
    if (stopped.signal.aborted) return 'skipped';
    return o.lock.runExclusive(async () => {
      // A cart change queued while the request was out wins: the next settled entry asks again.
      if (await hasUnsettledCartEntry(o.db)) return 'skipped';
      await replaceCart(o.db, cart, o.now?.() ?? Date.now());
      return 'replaced';
    });
  }

  const refresh = () => {
    if (stopped.signal.aborted) return;
    again = true;
    if (running) return;
    running = (async () => {
      while (again && !stopped.signal.aborted) {
        again = false;
        try {
          o.onResult?.(await once());
        } catch (error) {
          // The database closed under us (shutdown), or a write failed: the next trigger asks again.
          if (!stopped.signal.aborted) o.onResult?.(`error: ${String(error)}`);
        }
      }
      // In the same step as the last check of `again`: an ask after it starts a new run.
      running = null;
    })();
  };
  const unsubscribeOnline = o.online.subscribe((online) => {
    if (online) refresh();
  });

  return {
    refresh,
    async whenIdle() {
      while (running) await running;
    },
    stop() {
      stopped.abort(new DOMException('stopped', 'AbortError'));
      unsubscribeOnline();
    },
  };
}
