import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';
import { field } from '../theme/field.css';
import { sprinkles } from '../theme/sprinkles.css';

export const header = style({
  backgroundColor: vars.color.surface,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const inner = style({
  display: 'grid',
  // Phones: the tools take what the logo leaves and wrap to a second line rather than widen the page (at 360 px
  // the language menu, theme, sync, cart and sign-in links are wider than the space beside the logo).
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"logo tools" "search search"',
  alignItems: 'center',
  gap: space.xs,
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingBlock: space.xs,
  paddingInline: space.md,
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: 'auto minmax(0, 36rem) auto',
      gridTemplateAreas: '"logo search tools"',
      justifyContent: 'space-between',
      gap: space.lg,
    },
  },
});

export const logo = style({
  gridArea: 'logo',
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: fontSize.xl,
  letterSpacing: '-0.01em',
});

export const logoMark = style({ inlineSize: '36px', blockSize: '36px', borderRadius: radius.md });

export const tools = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' }),
  { gridArea: 'tools', flexWrap: 'wrap', justifyContent: 'flex-end', minInlineSize: 0 },
]);

export const searchArea = style({ gridArea: 'search' });

export const nav = style({
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const navList = style({
  display: 'flex',
  gap: space.xxs,
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingInline: space.sm,
  overflowX: 'auto',
  scrollbarWidth: 'none',
});

export const navLink = style({
  display: 'inline-block',
  paddingBlock: space.xs,
  paddingInline: space.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: fontSize.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderBlockEnd: '3px solid transparent',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary, borderBlockEndColor: vars.color.primary },
  },
});

export const select = style([field, { paddingInline: space.xs, fontSize: fontSize.sm, cursor: 'pointer' }]);

export const searchForm = style({
  display: 'flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  backgroundColor: vars.color.bg,
  overflow: 'hidden',
  selectors: { '&:focus-within': { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` } },
});

export const searchInput = style({
  flex: 1,
  minInlineSize: 0,
  minBlockSize: '44px',
  paddingInline: space.md,
  border: 'none',
  background: 'transparent',
  fontSize: fontSize.md,
  selectors: { '&:focus-visible': { outline: 'none' } },
});

export const searchButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  paddingInline: space.md,
  border: 'none',
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  cursor: 'pointer',
});
