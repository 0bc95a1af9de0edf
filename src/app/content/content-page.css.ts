/** The help pages' shared styles: a readable column (about 72 characters), section headings, lists and tables. */
import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  gap: space.lg,
  maxInlineSize: '72ch',
  marginInline: 'auto',
  paddingBlock: space.xl,
  lineHeight: 1.6,
});

export const header = style({ display: 'grid', gap: space.xs });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const intro = style({ color: vars.color.textMuted, fontSize: fontSize.lg });

export const section = style({ display: 'grid', gap: space.sm });
export const heading = style({ fontSize: fontSize.xl, fontWeight: 700, lineHeight: 1.3 });
export const subheading = style({ fontSize: fontSize.lg, fontWeight: 700 });

export const list = style({ display: 'grid', gap: space.xs, paddingInlineStart: space.lg, margin: 0 });

export const note = style({
  padding: space.md,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.text,
});

export const link = style({ color: vars.color.primary, fontWeight: 600, textDecoration: 'underline' });

/** A table that scrolls sideways on a narrow screen: the region is focusable so the keyboard can scroll it. */
export const tableScroll = style({
  overflowX: 'auto',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  backgroundColor: vars.color.surface,
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: space.sm,
  fontWeight: 700,
  color: vars.color.text,
});

export const cell = style({
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const headCell = style([cell, { backgroundColor: vars.color.surfaceAlt, fontWeight: 700 }]);
