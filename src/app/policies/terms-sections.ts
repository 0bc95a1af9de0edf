/** The sections of the terms of service, in order; each is an h2 with the id `terms-{section}` the contents link to. */
export const TERMS_SECTIONS = [
  'accounts',
  'buying',
  'sellers',
  'custom',
  'reviews',
  'returns',
  'liability',
  'law',
  'changes',
  'contact',
] as const;

export type TermsSection = (typeof TERMS_SECTIONS)[number];

export const termsSectionId = (section: TermsSection): string => `terms-${section}`;
