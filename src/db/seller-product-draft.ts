/**
 * A seller's new product, drafted on the phone with its photos, as one queued write (issue 23, docs/SELLERS.md
 * "Offline"): outbox kind `seller_product_create`, POST /api/seller/products as multipart/form-data (the product
 * JSON in `product`, the photos in `images`, the first the main image), one request under one Idempotency-Key, so
 * the outbox replayer and the service worker's queue send it exactly once and the server creates the product and
 * its photos together or not at all.
 *
 * The entry's body is the product JSON; its target is the draft's id, under which the photos (already resized by
 * the app) are kept as Blobs in the outbox files (outbox-blobs.ts) until the entry is done or discarded. A refused
 * draft stays 'failed' with the server's reason and keeps its photos, so the seller can open it again
 * (readSellerProductDraft), fix it and queue it again under the same draft id, which replaces the refused entry.
 * Nothing local is written besides: the seller's lists read the server (or the seller's mirror).
 */
import { PRODUCT_IMAGES_MAX } from '../domain/seller-product';
import type { SoukDatabase } from './database';
import { newEntry, newEntryId, SEND_STATES, type Accepted } from './outbox';
import type { OutboxFiles } from './outbox-blobs';
import type { OutboxEntry, OutboxFailure } from './outbox-entry';

export const SELLER_PRODUCT_CREATE = 'seller_product_create';
export const SELLER_PRODUCTS_PATH = '/api/seller/products';
/** The form's fields (routes/seller-product-form.ts on the server). */
export const DRAFT_PRODUCT_FIELD = 'product';
export const DRAFT_IMAGES_FIELD = 'images';

export interface SellerProductDraftInput {
  /** The product form's JSON body, as POST /api/seller/products takes it. */
  product: Record<string, unknown>;
  /** The photos, resized already, in order (the first is the main image); at most PRODUCT_IMAGES_MAX. */
  photos: readonly Blob[];
  /** A draft opened again after a refusal: queued under its id, replacing the refused entry. */
  draftId?: string;
}

export interface SellerProductDraft {
  draftId: string;
  entryId: string;
  state: OutboxEntry['state'];
  product: Record<string, unknown>;
  photos: Blob[];
  /** The server's refusal, for a failed draft. */
  failure: OutboxFailure | null;
}

/**
 * What the entry's undo holds: how many photos go with it (a send finding fewer is refused, never sent short), and
 * once the server accepted it the new product's id (draftProductId), so the seller's screen can open it.
 */
interface DraftMeta {
  photos: number;
  productId?: number;
}

/** The files of the draft went missing (the browser dropped them): refused locally, the seller sees it. */
export const DRAFT_PHOTOS_MISSING: OutboxFailure = { status: 0, code: 'DRAFT_PHOTOS_MISSING', message: 'The photos of this draft are no longer on this device.' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function photosOf(entry: Pick<OutboxEntry, 'undo'>): number {
  try {
    const meta: unknown = JSON.parse(entry.undo ?? 'null');
    const n = isRecord(meta) ? (meta as Partial<DraftMeta>).photos : undefined;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}

/** The product the server made of an accepted draft (its entry's undo), or null. */
export function draftProductId(entry: Pick<OutboxEntry, 'undo'>): number | null {
  try {
    const meta: unknown = JSON.parse(entry.undo ?? 'null');
    const id = isRecord(meta) ? (meta as Partial<DraftMeta>).productId : undefined;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The outbox's accepted hook: keeps the new product's id from the answer ({data: {id}}) in the entry's undo. */
export const acceptedDraft: Accepted = (_db, entry, answer) => {
  const data = isRecord(answer) ? answer.data : null;
  const id = isRecord(data) ? data.id : null;
  const meta: DraftMeta = { photos: photosOf(entry), ...(typeof id === 'number' && Number.isInteger(id) && id > 0 ? { productId: id } : {}) };
  return Promise.resolve(JSON.stringify(meta));
};

/** The entries of a draft (by its id), newest last. */
async function draftEntries(db: SoukDatabase, draftId: string): Promise<OutboxEntry[]> {
  const docs = await db.outbox.find({ selector: { kind: SELLER_PRODUCT_CREATE, target: draftId }, sort: [{ createdAt: 'asc' }] }).exec();
  return docs.map((d) => d.toMutableJSON());
}

/**
 * Queues the draft: its photos first, then the entry (a crash in between leaves files no entry names, swept at
 * the next start; never an entry without its photos). A draft id of a refused draft replaces that entry; one
 * still waiting to be sent cannot be queued again. Run it inside the database's LocalWriteLock.
 */
export async function queueSellerProductDraft(
  db: SoukDatabase,
  files: OutboxFiles | null,
  draft: SellerProductDraftInput,
  now: number = Date.now(),
): Promise<OutboxEntry> {
  if (!isRecord(draft.product)) throw new TypeError('product must be an object');
  if (draft.photos.length > PRODUCT_IMAGES_MAX) throw new RangeError(`at most ${PRODUCT_IMAGES_MAX} photos, got ${draft.photos.length}`);
  if (!draft.photos.every((p) => p instanceof Blob)) throw new TypeError('photos must be Blobs');
  if (draft.photos.length > 0 && files === null) throw new Error('photos cannot be kept on this device (no IndexedDB)');
  const draftId = draft.draftId ?? newEntryId();
  const earlier = draft.draftId === undefined ? [] : await draftEntries(db, draftId);
  if (earlier.some((e) => (SEND_STATES as readonly string[]).includes(e.state))) throw new Error(`draft ${draftId} is queued already`);
  if (earlier.some((e) => e.state === 'done')) throw new Error(`draft ${draftId} was sent already`);
  if (files !== null) {
    if (draft.photos.length > 0) await files.put(draftId, draft.photos);
    else await files.remove(draftId);
  }
  const entry = await newEntry(
    db,
    {
      method: 'POST',
      path: SELLER_PRODUCTS_PATH,
      body: JSON.stringify(draft.product),
      kind: SELLER_PRODUCT_CREATE,
      target: draftId,
      undo: JSON.stringify({ photos: draft.photos.length } satisfies DraftMeta),
      auth: 'user',
    },
    now,
  );
  await db.outbox.insert(entry);
  // The refused entry it replaces goes once the new one stands for it.
  const replaced = earlier.filter((e) => e.state === 'failed').map((e) => e.id);
  if (replaced.length > 0) await db.outbox.bulkRemove(replaced);
  return entry;
}

/**
 * The request body of a draft entry: the product JSON and its photos as multipart/form-data (the browser sets
 * the boundary); 'missing' when fewer photos are kept than were queued.
 */
export async function draftFormData(entry: OutboxEntry, files: OutboxFiles | null): Promise<FormData | 'missing'> {
  const expected = photosOf(entry);
  const photos = expected === 0 ? [] : ((await files?.get(entry.target)) ?? []);
  if (photos.length < expected) return 'missing';
  const form = new FormData();
  form.append(DRAFT_PRODUCT_FIELD, entry.body ?? '{}');
  photos.slice(0, expected).forEach((photo, i) => {
    const extension = photo.type === 'image/png' ? 'png' : photo.type === 'image/webp' ? 'webp' : 'jpg';
    form.append(DRAFT_IMAGES_FIELD, photo, `photo-${i + 1}.${extension}`);
  });
  return form;
}

/** A draft as the seller left it (to open a refused one again), or null when no entry names it. */
export async function readSellerProductDraft(db: SoukDatabase, files: OutboxFiles | null, draftId: string): Promise<SellerProductDraft | null> {
  const entry = (await draftEntries(db, draftId)).at(-1);
  if (!entry) return null;
  let product: unknown;
  try {
    product = JSON.parse(entry.body ?? '{}');
  } catch {
    product = {};
  }
  const photos = photosOf(entry) === 0 ? [] : ((await files?.get(draftId)) ?? []);
  return { draftId, entryId: entry.id, state: entry.state, product: isRecord(product) ? product : {}, photos, failure: entry.failure };
}

/**
 * Removes the files no live draft names: a draft's photos stay while its entry waits or is refused (it may be
 * opened again), and go once it is done, discarded or wiped. Resolves with how many were removed. Run it under
 * the LocalWriteLock (a draft being queued has its files before its entry).
 */
export async function sweepDraftFiles(db: SoukDatabase, files: OutboxFiles): Promise<number> {
  const live = await db.outbox.find({ selector: { kind: SELLER_PRODUCT_CREATE, state: { $in: [...SEND_STATES, 'failed'] } } }).exec();
  const keep = new Set(live.map((d) => d.target));
  const stale = (await files.keys()).filter((key) => !keep.has(key));
  for (const key of stale) await files.remove(key);
  return stale.length;
}
