/** The policy pages' pure helpers: percentages per language, and a translated text split into paragraphs. */
import { describe, expect, it } from 'vitest';
import { formatPercent, paragraphs } from '../../src/app/policies/policy-values';

describe('formatPercent', () => {
  it('writes a rate as a percentage in the language’s conventions', () => {
    expect(formatPercent(0.1, 'en')).toBe('10%');
    expect(formatPercent(0.1, 'fr')).toMatch(/^10\s%$/u);
    expect(formatPercent(0.125, 'de')).toMatch(/^12,5\s%$/u);
    expect(formatPercent(0.1, 'ma')).toContain('10');
  });
});

describe('paragraphs', () => {
  it('splits on blank lines, trims, and drops empty ones', () => {
    expect(paragraphs('One.\n\nTwo,\nstill two.\n \nThree.\n\n')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
    expect(paragraphs('Only one.')).toEqual(['Only one.']);
    expect(paragraphs('')).toEqual([]);
  });
});
