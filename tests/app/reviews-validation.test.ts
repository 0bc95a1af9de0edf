/** Review form checks (docs/REVIEWS-FOLLOWS.md, spec §5): rating, title, content, and photos by type, size and count. */
import { describe, expect, it } from 'vitest';
import {
  addImages,
  hasProblems,
  isAllowedImageType,
  REVIEW_IMAGE_ACCEPT,
  reviewFormData,
  validateReviewDraft,
  type ImageCandidate,
} from '../../src/app/reviews/review-validation';
import { REVIEW_IMAGE_MAX_BYTES } from '../../src/domain/social';
import en from '../../src/app/i18n/locales/en/translation.json' with { type: 'json' };

const MB = 1024 * 1024;
const img = (name: string, type: string, size = 100_000): ImageCandidate => ({ name, type, size });

describe('review draft', () => {
  it('accepts a rating of 1–5, an optional title and content', () => {
    expect(validateReviewDraft({ rating: 5, title: '', content: 'Lovely kaftan' })).toEqual({});
    expect(hasProblems(validateReviewDraft({ rating: 1, title: 'x'.repeat(120), content: 'y'.repeat(2000) }))).toBe(false);
  });

  it('needs a whole rating between 1 and 5', () => {
    for (const rating of [0, 6, 2.5, Number.NaN]) {
      expect(validateReviewDraft({ rating, title: '', content: 'ok' }).rating).toEqual({ field: 'rating', key: 'ratingRequired' });
    }
  });

  it('limits the title to 120 and the content to 1–2000 characters (trimmed)', () => {
    const problems = validateReviewDraft({ rating: 3, title: 'x'.repeat(121), content: '   ' });
    expect(problems.title).toEqual({ field: 'title', key: 'titleMax', max: 120 });
    expect(problems.content).toEqual({ field: 'content', key: 'contentRequired' });
    expect(validateReviewDraft({ rating: 3, title: '', content: 'y'.repeat(2001) }).content).toEqual({
      field: 'content',
      key: 'contentMax',
      max: 2000,
    });
    expect(validateReviewDraft({ rating: 3, title: ` ${'x'.repeat(120)} `, content: ' ok ' })).toEqual({});
  });
});

describe('review photos', () => {
  it('allows JPG, PNG, WebP and GIF by type, or by extension when the type is empty', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'IMAGE/PNG']) expect(isAllowedImageType(img('a', type))).toBe(true);
    for (const type of ['image/svg+xml', 'image/bmp', 'application/pdf', 'text/html']) expect(isAllowedImageType(img('a.png', type))).toBe(false);
    expect(isAllowedImageType(img('photo.JPG', ''))).toBe(true);
    expect(isAllowedImageType(img('photo.heic', ''))).toBe(false);
    expect(REVIEW_IMAGE_ACCEPT).toContain('image/webp');
  });

  it('keeps files of at most 2 MB and refuses larger ones', () => {
    const exact = img('a.png', 'image/png', REVIEW_IMAGE_MAX_BYTES);
    const over = img('b.png', 'image/png', 2 * MB + 1);
    expect(addImages([], [exact, over])).toEqual({ images: [exact], problems: ['tooLarge'] });
  });

  it('keeps at most 5 in all, reporting each kind of refusal once in a stable order', () => {
    const four = Array.from({ length: 4 }, (_, i) => img(`${i}.jpg`, 'image/jpeg'));
    const picked = [img('5.jpg', 'image/jpeg'), img('6.jpg', 'image/jpeg'), img('x.svg', 'image/svg+xml'), img('big.gif', 'image/gif', 3 * MB), img('7.png', 'image/png')];
    const { images, problems } = addImages(four, picked);
    expect(images.map((f) => f.name)).toEqual(['0.jpg', '1.jpg', '2.jpg', '3.jpg', '5.jpg']);
    expect(problems).toEqual(['wrongType', 'tooLarge', 'tooMany']);
    expect(addImages(images, [])).toEqual({ images, problems: [] });
  });

  it("says the contract's texts", () => {
    expect(en.reviews.images).toEqual({
      tooMany: 'You can upload at most 5 images.',
      tooLarge: 'Each image must be at most 2 MB.',
      wrongType: 'Images must be JPG, PNG, WebP or GIF.',
    });
  });
});

describe('multipart body', () => {
  it('has the contract field names and every image under images[]', () => {
    const a = new Blob(['a'], { type: 'image/png' });
    const b = new Blob(['b'], { type: 'image/gif' });
    const body = reviewFormData('42', { rating: 4, title: ' Nice ', content: ' Good fabric ' }, [a, b]);
    expect(body.get('product_id')).toBe('42');
    expect(body.get('rating')).toBe('4');
    expect(body.get('title')).toBe('Nice');
    expect(body.get('content')).toBe('Good fabric');
    expect(body.getAll('images[]')).toHaveLength(2);
  });
});
