/**
 * Picking photos for a form (reviews, community requests, offers): JPG, PNG, WebP or GIF, checked by type
 * and size as they are picked, at most a number in all. The server sniffs and re-encodes them again; these
 * checks only keep an obvious mistake from being sent (or queued offline).
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** For the file input's accept attribute. */
export const IMAGE_ACCEPT = `${IMAGE_TYPES.join(',')},.jpg,.jpeg,.png,.webp,.gif`;
const EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

/** What the checks need of a File (a plain object in tests). */
export interface ImageCandidate {
  name: string;
  type: string;
  size: number;
}

export type ImageProblem = 'tooMany' | 'tooLarge' | 'wrongType';

export interface ImageLimits {
  maxBytes: number;
  maxCount: number;
}

export function isAllowedImageType(file: ImageCandidate): boolean {
  if (file.type !== '') return (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return EXTENSIONS.test(file.name);
}

/**
 * Adds picked files to those already chosen: the ones that pass are kept (up to maxCount in all), and each
 * kind of refusal is reported once, in the contract's order (type, size, count), so the message names every
 * problem.
 */
export function addImages<F extends ImageCandidate>(
  chosen: readonly F[],
  picked: readonly F[],
  limits: ImageLimits,
): { images: F[]; problems: ImageProblem[] } {
  const images = [...chosen];
  const problems = new Set<ImageProblem>();
  for (const file of picked) {
    if (!isAllowedImageType(file)) problems.add('wrongType');
    else if (file.size > limits.maxBytes) problems.add('tooLarge');
    else if (images.length >= limits.maxCount) problems.add('tooMany');
    else images.push(file);
  }
  const order: ImageProblem[] = ['wrongType', 'tooLarge', 'tooMany'];
  return { images, problems: order.filter((p) => problems.has(p)) };
}

/** A picked file as a `data:image/…;base64,…` URL (what a queued JSON write carries). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('not read as a data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
