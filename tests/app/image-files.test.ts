import { describe, expect, it } from 'vitest';
import { addImages, isAllowedImageType } from '../../src/app/ui/image-files';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });
const POST_LIMITS = { maxBytes: 5 * MB, maxCount: 5 };

describe('picking photos against a form’s limits', () => {
  it('keeps a 4 MB photo under 5 MB limits and refuses it under 2 MB ones', () => {
    const photo = file('kaftan.jpg', 'image/jpeg', 4 * MB);
    expect(addImages([], [photo], POST_LIMITS)).toEqual({ images: [photo], problems: [] });
    expect(addImages([], [photo], { maxBytes: 2 * MB, maxCount: 5 })).toEqual({ images: [], problems: ['tooLarge'] });
  });

  it('stops at maxCount and names each kind of refusal once, in the contract’s order', () => {
    const chosen = [1, 2, 3, 4].map((n) => file(`${n}.png`, 'image/png', MB));
    const picked = [file('a.png', 'image/png', MB), file('b.png', 'image/png', MB), file('c.pdf', 'application/pdf', 10), file('d.gif', 'image/gif', 6 * MB)];
    const next = addImages(chosen, picked, POST_LIMITS);
    expect(next.images).toHaveLength(5);
    expect(next.images[4]?.name).toBe('a.png');
    expect(next.problems).toEqual(['wrongType', 'tooLarge', 'tooMany']);
  });

  it('reads the type, or the extension when the picker gives none', () => {
    expect(isAllowedImageType(file('x.webp', '', 1))).toBe(true);
    expect(isAllowedImageType(file('x.svg', '', 1))).toBe(false);
    expect(isAllowedImageType(file('x.jpg', 'image/svg+xml', 1))).toBe(false);
  });
});
