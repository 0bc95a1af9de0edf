/** Review image URLs and file names: /media/reviews/{32 hex}.webp, one URL per stored image (cached immutable). */
export const REVIEW_MEDIA_PREFIX = '/media/reviews/';

/** File names the server hands out: random, so an URL reveals nothing and cannot be guessed. */
export const REVIEW_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;

export function reviewImageUrl(file: string): string {
  return `${REVIEW_MEDIA_PREFIX}${file}`;
}
