/**
 * Logout wipe (ASVS V14.3.1): every collection of the plan is classified as
 * personal or public, and clearing personal data removes all documents of the
 * personal collections (tombstones included) while the catalogue stays.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import type { OutboxEntry } from '../../src/db/schemas/outbox-schema';
import type { ReviewDoc } from '../../src/domain/social';
import {
  clearPersonalCollections,
  COLLECTION_PRIVACY,
  isPersonalCollection,
  PERSONAL_COLLECTIONS,
  PUBLIC_COLLECTIONS,
} from '../../src/db/personal-collections';
import { DataService } from '../../src/workers/data-service';
import { makeCategories, makeProducts, makeShops } from './support/catalog-fixtures';
import { cartLine, order, wishlistItem } from './support/commerce-fixtures';
import { communityPost, conversation, message } from './support/community-fixtures';
import { fakeIdbStorage, insertCatalog, openTestDatabase, uniqueDbName } from './support/test-db';

const REVIEW: ReviewDoc = {
  id: '1', productId: 1, userId: 1, authorName: 'A', rating: 5, title: '', content: 'Fine', images: [],
  verifiedPurchase: false, helpfulCount: 0, notHelpfulCount: 0, createdAt: 1, updatedAt: 1, reply: null,
};

function outboxEntry(id: string, shopId: string): OutboxEntry {
  return {
    id, method: 'POST', path: `/api/shops/${shopId}/follow?timestamp=1`, body: null, createdAt: 1, attempts: 0,
    lastError: null, state: 'pending', failure: null, kind: 'follow', target: shopId, undo: null, auth: 'user', doneAt: null,
  };
}

/** The collections the plan's table names, in order. */
function plannedCollections(): string[] {
  const plan = readFileSync(join(__dirname, '../../src/db/collections-plan.md'), 'utf8');
  return [...plan.matchAll(/^\|\s*\d+\s*\|\s*`([a-z_]+)`/gm)].map((m) => m[1] ?? '');
}

/** Documents stored under these ids, deleted ones included: tombstones would still hold the data. */
async function storedWithDeleted(db: SoukDatabase, name: string, ids: string[]): Promise<number> {
  const storage = db.collections[name as 'products'].storageInstance;
  return (await storage.findDocumentsById(ids, true)).length;
}

describe('personal collections', () => {
  it('classifies every collection of collections-plan.md', () => {
    const planned = plannedCollections();
    expect(planned.length).toBeGreaterThanOrEqual(12);
    expect([...planned].sort()).toEqual(Object.keys(COLLECTION_PRIVACY).sort());
    expect([...PUBLIC_COLLECTIONS].sort()).toEqual(['categories', 'products', 'reviews', 'shops']);
    expect(PERSONAL_COLLECTIONS).toEqual(
      expect.arrayContaining(['cart_items', 'wishlist', 'follows', 'orders', 'conversations', 'messages', 'outbox']),
    );
  });

  it('treats a name it does not know as personal', () => {
    expect(isPersonalCollection('something_new')).toBe(true);
    expect(isPersonalCollection('products')).toBe(false);
  });
});

describe('clearing personal data', () => {
  let db: SoukDatabase | null = null;
  let service: DataService | null = null;

  afterEach(async () => {
    await service?.close();
    service = null;
    await db?.remove();
    db = null;
  });

  it('removes every personal document, tombstones included, and keeps the catalogue', async () => {
    db = await openTestDatabase();
    const products = makeProducts(30, 3);
    await insertCatalog(db, { products, categories: makeCategories(), shops: makeShops(4) });
    const wishlist = db.wishlist;
    const ids = Array.from({ length: 25 }, (_, i) => String(i + 1));
    await wishlist.bulkInsert(ids.map((id) => wishlistItem(Number(id), { notes: 'gift' })));
    expect(await wishlist.find().exec()).toHaveLength(25);
    // A document deleted the ordinary way stays in storage as a tombstone, data and all.
    await wishlist.findOne('1').remove();
    expect(await wishlist.find().exec()).toHaveLength(24);
    expect(await storedWithDeleted(db, 'wishlist', ids)).toBe(25);

    await db.follows.insert({ id: '2', shopId: 2, createdAt: 1, updatedAt: 1 });
    await db.outbox.insert(outboxEntry('e1', '2'));
    await db.cart_items.insert(cartLine(3));
    await db.orders.insert(order('o-1'));
    await db.community_posts.insert(communityPost('p-12345678'));
    await db.conversations.insert(conversation(1));
    await db.messages.insert(message('m-12345678'));
    await db.bookings.insert({
      id: 'b-12345678', booking_id: 0, tailor_id: 1, tailor_name: 'Atelier', tailor_city: 'Fès', service: 'alterations', date: null, time: null,
      notes: '', status: 'waitlisted', price_from: 49, currency: 'MAD', created_at: 1, updatedAt: 0, local_state: 'queued',
    });

    const cleared = await clearPersonalCollections(db);

    expect(cleared).toEqual(['bookings', 'cart_items', 'community_posts', 'conversations', 'follows', 'messages', 'orders', 'outbox', 'wishlist']);
    expect(await db.community_posts.count().exec()).toBe(0);
    expect(await db.conversations.count().exec()).toBe(0);
    expect(await db.messages.count().exec()).toBe(0);
    expect(await db.bookings.count().exec()).toBe(0);
    expect(await db.follows.count().exec()).toBe(0);
    expect(await db.outbox.count().exec()).toBe(0);
    expect(await db.cart_items.count().exec()).toBe(0);
    expect(await db.orders.count().exec()).toBe(0);
    expect(await wishlist.find().exec()).toHaveLength(0);
    expect(await storedWithDeleted(db, 'wishlist', ids)).toBe(0);
    expect(await db.products.count().exec()).toBe(products.length);
    expect(await db.shops.count().exec()).toBe(4);
    expect(await db.categories.count().exec()).toBeGreaterThan(0);
  });

  it('is what DataApi.clearPersonalData does (follows and outbox emptied, catalogue and reviews kept)', async () => {
    service = new DataService({ storage: fakeIdbStorage(), devMode: true });
    await service.init({ apiBase: 'http://127.0.0.1:9', dbName: uniqueDbName('wipe'), sync: false });
    const open = await service.database();
    await insertCatalog(open, { shops: makeShops(3) });
    await open.reviews.insert(REVIEW);
    await open.follows.insert({ id: '1', shopId: 1, createdAt: 1, updatedAt: 1 });
    await open.outbox.insert(outboxEntry('e1', '1'));
    await expect(service.clearPersonalData()).resolves.toEqual({
      cleared: ['bookings', 'cart_items', 'community_posts', 'conversations', 'follows', 'messages', 'orders', 'outbox', 'wishlist'],
    });
    expect(await open.shops.count().exec()).toBe(3);
    expect(await open.reviews.count().exec()).toBe(1);
    expect(await open.follows.count().exec()).toBe(0);
    expect(await open.outbox.count().exec()).toBe(0);
    expect(await storedWithDeleted(open, 'follows', ['1'])).toBe(0);
  });
});
