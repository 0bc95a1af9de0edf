/** The checkout: steps bar, step panels, delivery and payment options and the review's summary. Mobile first, logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: space.lg });

export const steps = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: space.xs,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: space.xs,
  borderBlockEnd: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  fontWeight: 600,
  selectors: {
    '&[data-state="current"]': { borderBlockEndColor: vars.color.primary, color: vars.color.text, fontWeight: 800 },
    '&[data-state="done"]': { borderBlockEndColor: vars.color.mint, color: vars.color.text },
  },
});

export const stepNumber = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  inlineSize: '1.75rem',
  blockSize: '1.75rem',
  borderRadius: radius.pill,
  border: `2px solid currentColor`,
  fontSize: fontSize.xs,
});

export const panel = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: space.lg } },
});

export const panelTitle = style({ fontSize: fontSize.xl, fontWeight: 800, outline: 'none' });

export const sectionTitle = style({ fontSize: fontSize.md, fontWeight: 700 });

export const locate = style({ display: 'grid', gap: space.xs, justifyItems: 'start' });

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'space-between',
  gap: space.sm,
});

export const options = style({ display: 'grid', gap: space.sm, border: 'none', padding: 0, margin: 0, minInlineSize: 0 });

export const option = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: space.sm,
  minBlockSize: '44px',
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

export const radio = style({ inlineSize: '1.25rem', blockSize: '1.25rem', accentColor: vars.color.primary });
export const optionText = style({ display: 'grid', gap: '2px' });
export const optionHint = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const optionPrice = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', textAlign: 'end' });

/** The one delivery option abroad: laid out as an option, without a radio to choose. */
export const fixedOption = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: space.sm,
  margin: 0,
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const summary = style({
  display: 'grid',
  gap: space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const summaryBlock = style({ display: 'grid', gap: space.xxs, alignContent: 'start' });
export const summaryHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: space.sm });

export const address = style({ fontStyle: 'normal' });
