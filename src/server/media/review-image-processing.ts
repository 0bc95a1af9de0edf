/**
 * Review image uploads: the type is decided by the bytes (magic numbers), never
 * by the file name or the declared Content-Type; then sharp decodes, resizes
 * to at most 1200 px on the long side and re-encodes as WebP. Re-encoding
 * drops every metadata block (EXIF with its GPS position, XMP, ICC comments)
 * and anything hidden after the image data, and bounds the stored size.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { REVIEW_IMAGE_MAX_SIDE } from '../../domain/social';
import type { StoredReviewImage } from '../repositories/review-images';

export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0): boolean => bytes.every((b, i) => buf[at + i] === b);

export function sniffImageType(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Decoding bombs: a 2 MB file may declare a huge canvas; refuse beyond this many pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super('image could not be decoded', { cause });
  }
}

/** Re-encodes one sniffed image (first frame of an animation). Throws UndecodableImageError for corrupt data. */
export async function reencodeReviewImage(input: Buffer): Promise<StoredReviewImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the EXIF block is dropped
      .resize({ width: REVIEW_IMAGE_MAX_SIDE, height: REVIEW_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { file: `${randomBytes(16).toString('hex')}.webp`, data, width: info.width, height: info.height };
  } catch (error) {
    throw new UndecodableImageError(error);
  }
}
