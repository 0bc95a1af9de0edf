/**
 * The last answers of a few live queries (listings, home rows), kept in localStorage so that a returning
 * shopper's first screen draws at once, from the page's own thread, while the data worker is still opening the
 * database: offline, the worker's start (IndexedDB, RxDB, the listing index) is most of a cold start, and the
 * page can paint before it. The worker's answer replaces what was remembered as soon as it comes (useData marks
 * the remembered answer as loading until then), so nothing shown this way outlives the live query.
 *
 * One storage item holds every entry, most recent first, bounded in count and size; it is read once per page
 * load (on the first lookup) and written at most once per SAVE_DELAY_MS, and when the page is hidden. Callers
 * check a remembered value's shape before using it (see remembered-products.ts): the item may come from an
 * older build or be damaged, and then it is ignored, never thrown on.
 */
import { safeLocalStorage } from '../safe-storage';

export const REMEMBERED_STORAGE_KEY = 'souk.remembered-results.v1';
export const REMEMBERED_LIMITS = { entries: 8, chars: 400_000 } as const;
export const SAVE_DELAY_MS = 2_000;

interface Entry {
  key: string;
  data: unknown;
  /** `data` as JSON, written when the entry is first trimmed or saved and reused by later saves. */
  json?: string;
}

export interface RememberedResultsOptions {
  /** The storage, or undefined where there is none (blocked storage, private modes that throw). */
  storage: () => Storage | undefined;
  /** Runs `save` later (default: setTimeout SAVE_DELAY_MS); returns a cancel function. */
  schedule?: (save: () => void) => () => void;
}

export class RememberedResults {
  private entries: Entry[] | null = null;
  private cancelSave: (() => void) | null = null;
  private readonly storage: () => Storage | undefined;
  private readonly schedule: (save: () => void) => () => void;

  constructor(options: RememberedResultsOptions) {
    this.storage = options.storage;
    this.schedule =
      options.schedule ??
      ((save) => {
        const timer = setTimeout(save, SAVE_DELAY_MS);
        return () => clearTimeout(timer);
      });
  }

  /** The remembered answer of `key`, or undefined. */
  get(key: string): unknown {
    return this.load().find((e) => e.key === key)?.data;
  }

  /** Remembers `data` as the answer of `key` (the newest entry), saved a little later. */
  remember(key: string, data: unknown): void {
    const entries = this.load().filter((e) => e.key !== key);
    entries.unshift({ key, data });
    this.entries = entries;
    if (!this.cancelSave) this.cancelSave = this.schedule(() => this.save());
  }

  /** Forgets everything (sign-out: the keys hold the shopper's searches). */
  clear(): void {
    this.cancelSave?.();
    this.cancelSave = null;
    this.entries = [];
    try {
      this.storage()?.removeItem(REMEMBERED_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to forget.
    }
  }

  /** Writes a pending change now (the page is being hidden). */
  flush(): void {
    if (this.cancelSave) this.save();
  }

  private load(): Entry[] {
    if (this.entries) return this.entries;
    this.entries = [];
    try {
      const raw = this.storage()?.getItem(REMEMBERED_STORAGE_KEY);
      if (raw) this.entries = parseEntries(JSON.parse(raw));
    } catch {
      // A damaged or unreadable item is the same as none.
    }
    return this.entries;
  }

  private save(): void {
    this.cancelSave?.();
    this.cancelSave = null;
    const entries = trim(this.load());
    this.entries = entries;
    const text = `{"e":[${entries.map((e) => `{"k":${JSON.stringify(e.key)},"d":${e.json ?? JSON.stringify(e.data)}}`).join(',')}]}`;
    const storage = this.storage();
    try {
      storage?.setItem(REMEMBERED_STORAGE_KEY, text);
    } catch {
      // Over the origin's quota: drop the item rather than keep an older one that no longer matches memory.
      try {
        storage?.removeItem(REMEMBERED_STORAGE_KEY);
      } catch {
        // Storage unusable: the next visit simply waits for the worker.
      }
    }
  }
}

function parseEntries(value: unknown): Entry[] {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { e?: unknown }).e)) return [];
  const entries: Entry[] = [];
  for (const item of (value as { e: unknown[] }).e) {
    if (typeof item !== 'object' || item === null) continue;
    const { k, d } = item as { k?: unknown; d?: unknown };
    if (typeof k === 'string' && d !== undefined) entries.push({ key: k, data: d });
  }
  return entries.slice(0, REMEMBERED_LIMITS.entries);
}

/** The newest entries within the count and size limits (an entry larger than the whole budget is never kept). */
function trim(entries: Entry[]): Entry[] {
  const kept: Entry[] = [];
  let chars = 0;
  for (const entry of entries) {
    if (kept.length === REMEMBERED_LIMITS.entries) break;
    entry.json ??= JSON.stringify(entry.data);
    if (chars + entry.json.length > REMEMBERED_LIMITS.chars) continue;
    chars += entry.json.length;
    kept.push(entry);
  }
  return kept;
}

/** The page's remembered answers. */
export const rememberedResults = new RememberedResults({ storage: safeLocalStorage });

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') rememberedResults.flush();
  });
}
