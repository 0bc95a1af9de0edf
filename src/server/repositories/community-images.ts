/** Stored community images (WebP bytes in community_images), read by /media/community/{file}. */
import type { Database } from '../db/database';
import type { Tx } from '../db/write-transaction';
import type { StoredReviewImage } from './review-images';

/** A re-encoded image ready to store (the review pipeline's output). */
export type StoredCommunityImage = StoredReviewImage;

export async function insertCommunityImages(
  tx: Tx,
  owner: { postId: number } | { responseId: number },
  images: readonly StoredCommunityImage[],
  now: number,
): Promise<void> {
  if (images.length === 0) return;
  const postId = 'postId' in owner ? owner.postId : null;
  const responseId = 'responseId' in owner ? owner.responseId : null;
  await tx
    .insertInto('community_images')
    .values(
      images.map((img, position) => ({
        post_id: postId,
        response_id: responseId,
        position,
        file: img.file,
        width: img.width,
        height: img.height,
        bytes: img.data.length,
        data: img.data,
        created_at: now,
      })),
    )
    .execute();
}

/** The bytes of a stored community image, or null. */
export async function findCommunityImage(db: Database, file: string): Promise<Buffer | null> {
  const row = await db.kysely.selectFrom('community_images').select('data').where('file', '=', file).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}
