/** The help pages' shared styles: a readable column (about 72 characters), section headings, lists and tables. */
import { globalStyle, style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export { header, lead as intro, page, title } from '../ui/text-page.css';

export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.sm });
export const heading = style({ fontSize: fontSize.xl, fontWeight: 700, lineHeight: 1.3 });
export const subheading = style({ fontSize: fontSize.lg, fontWeight: 700 });

/** A bulleted list (the app's reset removes list markers); numbered when it is an <ol>. */
export const list = style({
  display: 'grid',
  gap: space.xs,
  paddingInlineStart: space.lg,
  margin: 0,
  listStyle: 'disc',
  selectors: { 'ol&': { listStyle: 'decimal' } },
});

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

/** A table of words rather than numbers: its cells wrap, so it fits a phone without scrolling. */
export const wrappingTable = style({});
globalStyle(`${wrappingTable} th, ${wrappingTable} td`, { whiteSpace: 'normal' });
