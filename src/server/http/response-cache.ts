/**
 * An in-process LRU of serialized JSON replies (the product listings), so a listing asked again is one Map
 * lookup instead of three SQL statements and a JSON build (docs/ARCHITECTURE.md "Listing cache").
 *
 * Correctness across instances: the cache is emptied on every change to a collection a listing shows
 * (products, shops, categories) that the change notifier delivers. On SQLite that is this process's own
 * writes; on PostgreSQL it is also every other instance's, through LISTEN/NOTIFY (and a reconnected LISTEN
 * delivers a catch-up change for every collection, which empties it too). A reply computed while a change
 * arrived is answered but not kept: `begin` hands out the generation before the database is read, and `set`
 * keeps the body only if no change came in between, so a read that saw the old rows cannot outlive the
 * change that made them old.
 *
 * It subscribes to the notifier with its first fill (before reading the database), not before: a server that
 * serves no listing holds no listener (and on PostgreSQL opens no LISTEN for it). A LISTEN that starts then
 * delivers its catch-up, which empties what was kept meanwhile.
 *
 * Bounded by entries and by bytes; least recently used go first. ETags are weak (the bytes differ with
 * Content-Encoding, the meaning does not).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ChangeNotifier } from '../changes/change-notifier';

export interface CachedReply {
  /** The JSON reply, UTF-8. */
  body: Buffer;
  etag: string;
  /** The body compressed, made on first demand per encoding (a hit then costs no compression). */
  encoded?: Partial<Record<CacheEncoding, Buffer>>;
}

export type CacheEncoding = 'br' | 'gzip';

/** As plugins/compression.ts: bodies under 1 KB go as they are; brotli at quality 4. */
const COMPRESS_THRESHOLD = 1024;

/** The encoding to send `reply` in for this Accept-Encoding: br, else gzip, when listed with q > 0; else null. */
export function cacheEncoding(acceptEncoding: string | undefined, reply: CachedReply): CacheEncoding | null {
  if (acceptEncoding === undefined || reply.body.length < COMPRESS_THRESHOLD) return null;
  let chosen = CHOSEN_ENCODINGS.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = chooseEncoding(acceptEncoding);
    // Browsers send a handful of distinct values; anything beyond that starts the memo over.
    if (CHOSEN_ENCODINGS.size >= MAX_CHOSEN_ENCODINGS) CHOSEN_ENCODINGS.clear();
    CHOSEN_ENCODINGS.set(acceptEncoding, chosen);
  }
  return chosen;
}

/** Accept-Encoding values already read (parsing one was 2% of a cached listing's CPU). */
const CHOSEN_ENCODINGS = new Map<string, CacheEncoding | null>();
const MAX_CHOSEN_ENCODINGS = 64;

function chooseEncoding(acceptEncoding: string): CacheEncoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** The reply's body in `encoding`, compressed once and kept with it. */
export function encodedBody(reply: CachedReply, encoding: CacheEncoding): Buffer {
  reply.encoded ??= {};
  const made =
    reply.encoded[encoding] ??
    (encoding === 'br' ? brotliCompressSync(reply.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(reply.body));
  reply.encoded[encoding] = made;
  return made;
}

export interface ResponseCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Listing replies are ~50 KB at 24 products: 1,000 of them fit in the 32 MB. */
export const LISTING_CACHE_LIMITS: ResponseCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

/** The collections whose documents a product listing shows (products, their shops' and categories' names). */
const LISTED_COLLECTIONS: ReadonlySet<string> = new Set(['products', 'shops', 'categories']);

export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match names this ETag (or `*`); weak comparison, as RFC 9110 wants for If-None-Match. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedReply>();
  private bytes = 0;
  private generation = 0;
  private unsubscribe: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly changes: ChangeNotifier,
    private readonly limits: ResponseCacheLimits = LISTING_CACHE_LIMITS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** The reply kept for `key`, now the most recently used; undefined when none. */
  get(key: string): CachedReply | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** Call before reading the database for a reply; hand the result to `set`. */
  begin(): number {
    if (this.closed) return -1;
    this.unsubscribe ??= this.changes.subscribe((change) => {
      if (LISTED_COLLECTIONS.has(change.collection)) this.clear();
    });
    return this.generation;
  }

  /** The reply for `value`, kept under each of `keys` unless the cache was emptied since `begin` gave `token`. */
  set(keys: readonly string[], token: number, value: unknown): CachedReply {
    const body = Buffer.from(JSON.stringify(value));
    const reply: CachedReply = { body, etag: weakEtag(body) };
    if (token === this.generation) for (const key of keys) this.keep(key, reply);
    return reply;
  }

  /** Keeps `reply`, just returned by `get`, under another key too (no await in between: it is still current). */
  alias(key: string, reply: CachedReply): void {
    this.keep(key, reply);
  }

  /** Every key counts its body's bytes, shared or not (compressed copies are far smaller: the bound holds). */
  private keep(key: string, reply: CachedReply): void {
    if (this.closed || reply.body.length > this.limits.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, reply);
    this.bytes += reply.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Empties the cache and stops listening (the app closes). */
  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clear();
  }
}
