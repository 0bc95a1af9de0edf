/** Styles of the community pages: the list of requests, a request, the post form. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export { filterButton, filterRow } from '../ui/filter-pills.css';
export { cardTitle, inlineLink, muted } from '../ui/text-styles.css';
export { input, label, searchForm } from '../ui/search-form.css';

export const page = style({ display: 'grid', gap: space.md });

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
});

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' });

export const count = style({ color: vars.color.textMuted, fontSize: fontSize.sm, minBlockSize: '1.3em' });

export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  minInlineSize: 0,
  '@media': { [media.tablet]: { padding: space.lg } },
});

// --- The list ---------------------------------------------------------------------

export const toolbar = style({ display: 'grid', gap: space.sm });

export const tabs = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap' });

export const filters = style({
  display: 'grid',
  gap: space.sm,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 12rem) minmax(0, 1fr)', alignItems: 'end' } },
});

export const grid = style({
  display: 'grid',
  gap: space.md,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const stale = style({ opacity: 0.6 });

export const cardLink = style({
  fontWeight: 700,
  fontSize: fontSize.md,
  color: vars.color.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  selectors: { '&:hover': { color: vars.color.primary, textDecoration: 'underline' } },
});

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, alignItems: 'center' });

export const budget = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

// --- A request ----------------------------------------------------------------------

export const description = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const pairs = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${space.xxs} ${space.md}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export const responses = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const response = style({
  display: 'grid',
  gap: space.xs,
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const responseHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: space.xs });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const colors = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, border: 'none', padding: 0, margin: 0 });
