import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_DRAFT,
  isValidBudget,
  parseAmount,
  POST_ERROR_TEXT,
  validatePost,
  type PostDraft,
} from '../../src/app/community/post-validation';
import en from '../../src/app/i18n/locales/en/translation.json';

const good: PostDraft = {
  ...EMPTY_POST_DRAFT,
  title: '  Wedding caftan  ',
  description: 'Green velvet, gold embroidery.',
  category: 'clothing',
  budgetMin: '1500',
  budgetMax: '3000,50',
  timelineValue: '3',
  timelineUnit: 'weeks',
  expectedDelivery: '2026-12-20',
  preferredColors: ['yellow', 'green'],
};

describe('the Post a request form', () => {
  it('gives the createPost input for a valid draft', () => {
    expect(validatePost(good)).toEqual({
      ok: true,
      input: {
        title: 'Wedding caftan',
        description: 'Green velvet, gold embroidery.',
        category: 'clothing',
        budget_min: 1500,
        budget_max: 3000.5,
        timeline_value: 3,
        timeline_unit: 'weeks',
        expected_delivery: '2026-12-20',
        preferred_colors: ['green', 'yellow'],
      },
    });
  });

  it('leaves the optional fields out', () => {
    const check = validatePost({ ...good, timelineValue: '', expectedDelivery: '', preferredColors: [] });
    expect(check.ok && check.input).toEqual({
      title: 'Wedding caftan',
      description: 'Green velvet, gold embroidery.',
      category: 'clothing',
      budget_min: 1500,
      budget_max: 3000.5,
      expected_delivery: null,
    });
  });

  it('refuses with the contract’s texts', () => {
    const check = validatePost({ ...EMPTY_POST_DRAFT, title: '   ', description: '' });
    expect(check).toEqual({ ok: false, errors: { title: 'titleRequired', description: 'descriptionRequired', budget: 'budgetInvalid' } });
    expect(POST_ERROR_TEXT.titleRequired).toBe('Title is required');
    expect(POST_ERROR_TEXT.descriptionRequired).toBe('Description is required');
    expect(POST_ERROR_TEXT.budgetInvalid).toBe('The budget range is not valid.');
    // The English catalogue shows exactly the contract's texts.
    expect(en.community.errors).toEqual(POST_ERROR_TEXT);
  });

  it('checks lengths, timeline and date', () => {
    expect(validatePost({ ...good, title: 'x'.repeat(151) })).toMatchObject({ ok: false, errors: { title: 'titleTooLong' } });
    expect(validatePost({ ...good, description: 'x'.repeat(5001) })).toMatchObject({
      ok: false,
      errors: { description: 'descriptionTooLong' },
    });
    for (const timelineValue of ['0', '366', '2.5', 'abc']) {
      expect(validatePost({ ...good, timelineValue })).toMatchObject({ ok: false, errors: { timeline: 'timelineInvalid' } });
    }
    for (const expectedDelivery of ['2026-02-30', '20-12-2026']) {
      expect(validatePost({ ...good, expectedDelivery })).toMatchObject({
        ok: false,
        errors: { expectedDelivery: 'deliveryInvalid' },
      });
    }
  });

  it('applies the budget rule: min ≥ 0, max ≥ min, max ≤ 1,000,000', () => {
    expect(isValidBudget(0, 0)).toBe(true);
    expect(isValidBudget(100, 1_000_000)).toBe(true);
    expect(isValidBudget(200, 100)).toBe(false);
    expect(isValidBudget(0, 1_000_000.01)).toBe(false);
    expect(isValidBudget(null, 100)).toBe(false);
    expect(validatePost({ ...good, budgetMin: '5000', budgetMax: '100' })).toMatchObject({ ok: false, errors: { budget: 'budgetInvalid' } });
    expect(validatePost({ ...good, budgetMin: '-1' })).toMatchObject({ ok: false, errors: { budget: 'budgetInvalid' } });
  });

  it('reads amounts with a comma or spaces, at most 2 decimals', () => {
    expect(parseAmount('1 500,25')).toBe(1500.25);
    expect(parseAmount('1500')).toBe(1500);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('12abc')).toBeNull();
  });
});
