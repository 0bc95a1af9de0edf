/**
 * A photo made ready to send from the phone: decoded (turned upright by its EXIF orientation), fitted within
 * 1600 px on its longer side and encoded again (WebP where the browser writes it, else JPEG), which also drops
 * its metadata (the camera's GPS position). The server checks and re-encodes it again (docs/SELLERS.md "Images").
 */
export const MAX_PHOTO_SIDE = 1600;
const QUALITY = 0.85;

/** The size that fits within `max` on the longer side, keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const webp = await canvasBlob(canvas, 'image/webp');
    if (webp && webp.type === 'image/webp') return webp;
    const jpeg = await canvasBlob(canvas, 'image/jpeg');
    if (!jpeg) throw new Error('the photo could not be encoded');
    return jpeg;
  } finally {
    bitmap.close();
  }
}
