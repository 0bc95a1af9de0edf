/** The frame of a page of reading (the help pages and the policies): one readable column, its header. */
import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  // minmax(0, 1fr): a wide child (a tab list, a size table) scrolls inside itself instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space.lg,
  maxInlineSize: '72ch',
  marginInline: 'auto',
  paddingBlock: space.xl,
  lineHeight: 1.6,
});

export const header = style({ display: 'grid', gap: space.xs });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const lead = style({ color: vars.color.textMuted, fontSize: fontSize.lg });
