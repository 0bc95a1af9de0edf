/**
 * A seller's product draft as one queued write (src/db/seller-product-draft.ts, docs/SELLERS.md "Offline"): the entry
 * holds the product JSON, its photos are kept as Blobs in the outbox files (src/db/outbox-blobs.ts) under the draft's
 * id; the request body is built from both as multipart; a refused draft queued again under its id replaces the
 * refused entry; files no live draft names are swept.
 */
import { indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import { completeEntry, failEntry } from '../../src/db/outbox';
import { openOutboxFiles, type OutboxFiles } from '../../src/db/outbox-blobs';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import {
  draftFormData,
  draftProductId,
  queueSellerProductDraft,
  readSellerProductDraft,
  sweepDraftFiles,
} from '../../src/db/seller-product-draft';
import { openTestDatabase } from './support/test-db';

let db: SoukDatabase;
let files: OutboxFiles;

beforeEach(async () => {
  db = await openTestDatabase();
  files = await openOutboxFiles(db.name, indexedDB);
});
afterEach(async () => {
  files.close();
  await db.remove();
});

const product = { names: { en: 'Blue kaftan' }, category_id: 12, price: 300, variants: [{ size: 'M', color: 'blue', fabric: 'Silk', stock: 2 }] };
const photo = (text: string, type = 'image/webp') => new Blob([text], { type });
const texts = (blobs: readonly Blob[] | null) => Promise.all((blobs ?? []).map((b) => b.text()));

describe('queueSellerProductDraft', () => {
  it('queues one POST entry with the product JSON, its photos kept as Blobs under the draft id', async () => {
    const entry = await queueSellerProductDraft(db, files, { product, photos: [photo('one'), photo('two', 'image/jpeg')] });
    expect(entry).toMatchObject({ kind: 'seller_product_create', method: 'POST', path: '/api/seller/products', state: 'pending', auth: 'user', body: JSON.stringify(product) });
    const kept = await files.get(entry.target);
    expect(await texts(kept)).toEqual(['one', 'two']);
    expect(kept?.map((b) => b.type)).toEqual(['image/webp', 'image/jpeg']);
    expect((await db.outbox.findOne(entry.id).exec())?.toMutableJSON()).toMatchObject({ state: 'pending', target: entry.target });
  });

  it('builds the multipart body: product then the photos in order, as `images`', async () => {
    const entry = await queueSellerProductDraft(db, files, { product, photos: [photo('one'), photo('two')] });
    const form = await draftFormData(entry, files);
    if (form === 'missing') throw new Error('photos missing');
    expect(form.get('product')).toBe(JSON.stringify(product));
    const images = form.getAll('images');
    expect(images).toHaveLength(2);
    expect(await Promise.all(images.map((f) => (f as Blob).text()))).toEqual(['one', 'two']);
  });

  it('says missing when the photos are gone, never a body without them', async () => {
    const entry = await queueSellerProductDraft(db, files, { product, photos: [photo('one')] });
    await files.remove(entry.target);
    expect(await draftFormData(entry, files)).toBe('missing');
    expect(await draftFormData(entry, null)).toBe('missing');
    // A draft without photos needs none.
    const bare = await queueSellerProductDraft(db, files, { product, photos: [] });
    expect(await draftFormData(bare, null)).toBeInstanceOf(FormData);
  });

  it('refuses more than 8 photos, photos without a place to keep them, and a draft queued twice', async () => {
    await expect(queueSellerProductDraft(db, files, { product, photos: Array.from({ length: 9 }, () => photo('x')) })).rejects.toThrow(/at most 8/);
    await expect(queueSellerProductDraft(db, null, { product, photos: [photo('x')] })).rejects.toThrow(/IndexedDB/);
    const entry = await queueSellerProductDraft(db, files, { product, photos: [] });
    await expect(queueSellerProductDraft(db, files, { product, photos: [], draftId: entry.target })).rejects.toThrow(/queued already/);
    expect(await db.outbox.count().exec()).toBe(1);
  });

  it('a refused draft keeps its photos, opens again, and queued again under its id replaces the refused entry', async () => {
    const first = await queueSellerProductDraft(db, files, { product, photos: [photo('bad')] });
    await failEntry(db, first, { status: 422, code: 'PRODUCT_IMAGE_TYPE', message: 'Images must be JPG, PNG or WebP.' }, KIND_HANDLERS.seller_product_create.rollback);
    expect(await sweepDraftFiles(db, files)).toBe(0);
    const opened = await readSellerProductDraft(db, files, first.target);
    expect(opened).toMatchObject({ draftId: first.target, entryId: first.id, state: 'failed', product, failure: { code: 'PRODUCT_IMAGE_TYPE' } });
    expect(await texts(opened?.photos ?? null)).toEqual(['bad']);

    const fixed = { ...product, price: 350 };
    const second = await queueSellerProductDraft(db, files, { product: fixed, photos: [photo('good')], draftId: first.target });
    expect(second.target).toBe(first.target);
    expect(await db.outbox.findOne(first.id).exec()).toBeNull();
    expect(await texts(await files.get(first.target))).toEqual(['good']);
    expect((await readSellerProductDraft(db, files, first.target))?.product).toEqual(fixed);
  });

  it('keeps the new product id from the accepted answer', async () => {
    const entry = await queueSellerProductDraft(db, files, { product, photos: [photo('one')] });
    const undo = await KIND_HANDLERS.seller_product_create.accepted(db, entry, { success: true, data: { id: 77 } });
    expect(draftProductId({ undo })).toBe(77);
    // The photo count stays: a retry of the entry still knows what to send.
    expect(JSON.parse(undo ?? '{}')).toMatchObject({ photos: 1 });
  });
});

describe('sweepDraftFiles', () => {
  it('removes the files no pending or refused draft names (done, discarded, or never queued)', async () => {
    const waiting = await queueSellerProductDraft(db, files, { product, photos: [photo('w')] });
    const sent = await queueSellerProductDraft(db, files, { product, photos: [photo('s')] });
    await completeEntry(db, sent.id);
    await files.put('orphan', [photo('o')]);
    expect(await sweepDraftFiles(db, files)).toBe(2);
    expect((await files.keys()).sort()).toEqual([waiting.target]);
  });
});
