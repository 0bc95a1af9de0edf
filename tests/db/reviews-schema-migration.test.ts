/**
 * The reviews collection's schema version 1 added `reply` (the shop's reply, issue 23): a device that stored
 * reviews at version 0 opens them at version 1, each without a reply and otherwise unchanged, and a pulled
 * review with a reply is stored and read back with it.
 */
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { loadDevMode } from '../../src/db/dev-mode';
import { findReviews } from '../../src/db/queries/reviews';
import { reviewSchema } from '../../src/db/schemas/review-schema';
import type { ReviewDoc } from '../../src/domain/social';
import { fakeIdbStorage, uniqueDbName } from './support/test-db';

type ReviewV0 = Omit<ReviewDoc, 'reply'>;

/** The reviews schema as version 0 had it: the same without reply. */
function reviewSchemaV0(): RxJsonSchema<ReviewV0> {
  const { reply: _reply, ...properties } = reviewSchema.properties;
  return {
    ...reviewSchema,
    version: 0,
    properties,
    required: (reviewSchema.required as string[]).filter((field) => field !== 'reply'),
  } as RxJsonSchema<ReviewV0>;
}

function v0(id: string, patch: Partial<ReviewV0> = {}): ReviewV0 {
  return {
    id, productId: 7, userId: 3, authorName: 'Salma', rating: 4, title: 'Nice', content: 'Soft fabric', images: [],
    verifiedPurchase: true, helpfulCount: 2, notHelpfulCount: 0, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_001,
    ...patch,
  };
}

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('reviews schema migration', () => {
  it('reviews written at version 0 open at version 1 with reply null, the rest as stored; a reply is kept', async () => {
    const name = uniqueDbName('reviews-v0');
    const wrap = await loadDevMode();
    const old = await createRxDatabase<{ reviews: RxCollection<ReviewV0> }>({ name, storage: wrap(fakeIdbStorage()), multiInstance: false });
    await old.addCollections({ reviews: { schema: reviewSchemaV0() } });
    const stored = [v0('1'), v0('2', { rating: 2, images: ['/media/reviews/a.webp'] })];
    await old.reviews.bulkInsert(stored);
    await old.close();

    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['reviews'] });
    expect(db.reviews.schema.version).toBe(1);
    const page = await findReviews(db.reviews, { kind: 'reviews', productId: '7', sort: 'newest', page: 1, limit: 10 });
    expect([...page.items].sort((a, b) => a.id.localeCompare(b.id))).toEqual(stored.map((doc) => ({ ...doc, reply: null })));

    // A review pulled with the shop's reply is stored and read with it.
    const reply = { content: 'Thank you, Salma!', createdAt: 1_700_000_000_500, updatedAt: 1_700_000_000_600 };
    await db.reviews.upsert({ ...v0('1', { updatedAt: 1_700_000_000_700 }), reply });
    const again = await findReviews(db.reviews, { kind: 'reviews', productId: '7', sort: 'newest', page: 1, limit: 10 });
    expect(again.items.find((r) => r.id === '1')?.reply).toEqual(reply);
  });
});
