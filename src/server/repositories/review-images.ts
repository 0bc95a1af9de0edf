/** Stored review images (WebP bytes in review_images), read by /media/reviews/{file}. */
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';

export interface StoredReviewImage {
  /** Random file name, e.g. 0f3a….webp. */
  file: string;
  data: Buffer;
  width: number;
  height: number;
}

export async function insertReviewImages(tx: Tx, reviewId: number, images: readonly StoredReviewImage[], now: number): Promise<void> {
  if (images.length === 0) return;
  await tx
    .insertInto('review_images')
    .values(images.map((img, position) => ({ review_id: reviewId, position, file: img.file, width: img.width, height: img.height, bytes: img.data.length, data: img.data, created_at: now })))
    .execute();
}

/** The image of a live review, or null. */
export async function findReviewImage(db: Database, file: string): Promise<Buffer | null> {
  const row = await db.kysely
    .selectFrom('review_images')
    .innerJoin('reviews', 'reviews.id', 'review_images.review_id')
    .select('review_images.data')
    .where('review_images.file', '=', file)
    .where('reviews.deleted', '=', 0)
    .executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}
