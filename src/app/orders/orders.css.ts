/** Styles shared by the orders list and the order page: cards, rows, marks, definition lists. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export { filterButton, filterRow } from '../ui/filter-pills.css';
export { cardTitle, inlineLink, muted } from '../ui/text-styles.css';

export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: space.lg } },
});

export const localMark = style({ display: 'grid', gap: space.xxs, justifyItems: 'start' });

export const refusal = style({ color: vars.color.danger, fontSize: fontSize.sm, fontWeight: 600 });

// --- The list ---------------------------------------------------------------------

export const toolbar = style({ display: 'grid', gap: space.sm });

export const count = style({ color: vars.color.textMuted, fontSize: fontSize.sm, minBlockSize: '1.3em' });

export const list = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });
export const stale = style({ opacity: 0.6 });

export const row = style([
  card,
  {
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    '@media': { [media.tablet]: { padding: space.md } },
  },
]);

export const rowMain = style({ display: 'grid', gap: space.xxs, minInlineSize: 0 });
export const rowSide = style({ display: 'grid', gap: space.xxs, justifyItems: 'end', textAlign: 'end' });
export const rowFull = style({ gridColumn: '1 / -1' });

export const rowLink = style({
  fontWeight: 700,
  fontSize: fontSize.md,
  color: vars.color.text,
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  selectors: { '&:hover': { color: vars.color.primary, textDecoration: 'underline' } },
});

export const amount = style({ fontWeight: 700 });

// --- Definition lists (totals, payment, shipping) -------------------------------------

export const pairs = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${space.xxs} ${space.md}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
export const grand = style({ fontWeight: 800, fontSize: fontSize.lg });

export const address = style({ fontStyle: 'normal', overflowWrap: 'anywhere' });
