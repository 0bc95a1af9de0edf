/**
 * Issue 8's memory goal ("page + data worker JS heap under 100 MB after browsing the 50,000-product
 * catalogue"): in the page that did the first sync, browse the real app (home, the listing, filters and sorts,
 * page 2, a search, a product page, a category, back), then force a GC and read the JS heap of the page and of
 * each dedicated worker it runs (the data worker). Heaps come from the DevTools protocol: a CDP session on the
 * page for the page itself, and for its workers the same session auto-attached to them (Target.setAutoAttach,
 * not flattened, so each worker is reached with Target.sendMessageToTarget: Playwright's CDPSession cannot
 * address a flattened child session); per target HeapProfiler.collectGarbage, then Runtime.getHeapUsage
 * (usedSize: the live V8 heap after the GC).
 *
 * The app's router (wouter) follows history.pushState, which is what its own links call, so the browsing is
 * in-app navigation in one document, as a shopper's is.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { CARD_SELECTOR as CARD } from './browser/product-cards';
import { ratio } from './stats';

/** Issue 8: page + data worker JS heap under 100 MB. */
export const HEAP_GOAL_MB = 100;

export interface HeapFigures {
  /** Which tab: the one that did the first sync, or a new one. */
  where: string;
  pageBytes: number;
  workers: Array<{ url: string; bytes: number }>;
  /** Page + workers before browsing (the sync live), after a GC. */
  beforeBytes: number;
  /** The in-app paths visited, in order. */
  visited: string[];
}

/** The app's sync indicator once the first sync (or a catch-up) is done. */
export const LIVE = '[data-testid="sync-status"][data-phase="live"]';
/** After each step, time for the data worker's queries and the images' decoding to end (memory, not speed). */
const SETTLE_MS = 700;

/** A child target (a dedicated worker) reached through the page's session, non-flattened. */
class ChildTargets {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly workers = new Map<string, string>();

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') this.workers.set(e.sessionId, e.targetInfo.url);
    });
    cdp.on('Target.detachedFromTarget', (e) => {
      if (e.sessionId) this.workers.delete(e.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const message = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /** Attaches to the page's workers (the existing ones are announced right away; allow them 2 s). */
  async attach(): Promise<void> {
    await this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    for (let waited = 0; this.workers.size === 0 && waited < 2_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  }

  send<T>(sessionId: string, method: string): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject });
      this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
    });
  }
}

type HeapUsage = { usedSize: number };

/** Two GCs (a worker's MessagePort proxies can keep the other side alive one round longer), then the live heap. */
async function heapAfterGc(collect: () => Promise<unknown>, usage: () => Promise<HeapUsage>): Promise<number> {
  await collect();
  await collect();
  return (await usage()).usedSize;
}

async function step(page: Page, path: string, ready: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path);
  await page.waitForSelector(ready, { state: 'attached', timeout: 120_000 });
  await page.waitForTimeout(SETTLE_MS);
}

async function browse(page: Page): Promise<string[]> {
  const visited: string[] = [];
  const go = async (path: string, ready = CARD) => {
    await step(page, path, ready);
    visited.push(path);
  };
  await go('/');
  await go('/products');
  await go('/products?colors=red,blue&sizes=M,L');
  await go('/products?colors=red,blue&sizes=M,L&min=200&max=1500&sort=price-low-high');
  await go('/products?sort=popular&page=2');
  await go('/products?q=kaftan&sort=rating');
  const id = await page.locator(CARD).first().getAttribute('data-product-id');
  if (!id) throw new Error('no product card to open');
  await go(`/products/${id}`, '[data-testid="product-page"]');
  await go('/category/women');
  await go('/categories/women-kaftan?sort=price-high-low');
  await page.evaluate(() => history.back());
  await page.waitForTimeout(SETTLE_MS);
  visited.push('(back)');
  return visited;
}

/** The page's heap and each of its dedicated workers', each after a GC. */
async function measureHeaps(context: BrowserContext, page: Page): Promise<Pick<HeapFigures, 'pageBytes' | 'workers'>> {
  const cdp = await context.newCDPSession(page);
  try {
    const children = new ChildTargets(cdp);
    await children.attach();
    const pageBytes = await heapAfterGc(
      () => cdp.send('HeapProfiler.collectGarbage'),
      () => cdp.send('Runtime.getHeapUsage'),
    );
    const workers: HeapFigures['workers'] = [];
    for (const [sessionId, url] of children.workers) {
      const bytes = await heapAfterGc(
        () => children.send(sessionId, 'HeapProfiler.collectGarbage'),
        () => children.send<HeapUsage>(sessionId, 'Runtime.getHeapUsage'),
      );
      workers.push({ url: new URL(url).pathname, bytes });
    }
    return { pageBytes, workers };
  } finally {
    await cdp.detach();
  }
}

const total = (h: Pick<HeapFigures, 'pageBytes' | 'workers'>) => h.pageBytes + h.workers.reduce((n, w) => n + w.bytes, 0);

/** In `page` (showing the app, its sync live): the heaps, then browsing, then the heaps again. */
export async function browseAndMeasureHeap(context: BrowserContext, page: Page, where: string): Promise<HeapFigures> {
  const before = await measureHeaps(context, page);
  const visited = await browse(page);
  return { where, ...(await measureHeaps(context, page)), beforeBytes: total(before), visited };
}

/** The same in a new tab of `context` (the catalogue already stored): the app opened online, its sync caught up. */
export async function heapInNewTab(context: BrowserContext, base: string): Promise<HeapFigures> {
  const page = await context.newPage();
  try {
    await page.goto(base);
    await page.waitForSelector(LIVE, { state: 'attached', timeout: 30 * 60_000 });
    return await browseAndMeasureHeap(context, page, 'a new tab, catalogue stored');
  } finally {
    await page.close();
  }
}

/** Table rows: the page, its workers, and their sum against the goal (the baseline column is the goal). */
export function heapRows(f: HeapFigures): string[][] {
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const sum = total(f);
  return [
    [`JS heap MB after browsing, after a GC (${f.where}): page`, mb(f.pageBytes), '-', 'n/a'],
    [`  the page's dedicated workers (${f.workers.length})`, mb(sum - f.pageBytes), '-', 'n/a'],
    [`  page + workers vs the ${HEAP_GOAL_MB} MB goal`, mb(sum), `${HEAP_GOAL_MB} (goal)`, ratio(sum / 1e6, HEAP_GOAL_MB)],
  ];
}

/** A line under the table: before browsing, each worker's heap, and the path browsed. */
export function heapNote(f: HeapFigures): string {
  const workers = f.workers.map((w) => `${w.url} ${(w.bytes / 1e6).toFixed(1)} MB`).join(', ') || 'none';
  return `heap (${f.where}): page + workers ${(f.beforeBytes / 1e6).toFixed(1)} MB before browsing; after: workers ${workers}; browsed ${f.visited.join(' → ')}`;
}
