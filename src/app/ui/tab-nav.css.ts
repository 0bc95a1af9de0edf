/** A page's section tabs (the seller's app and the operator's console): a row that scrolls sideways on a narrow phone. */
import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const nav = style({ borderBlockEnd: `1px solid ${vars.color.border}` });

export const navList = style({
  display: 'flex',
  gap: space.xs,
  overflowX: 'auto',
  // The tabs scroll inside the page's width (four of them are wider than a 360 px phone) instead of widening it.
  contain: 'inline-size',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  paddingInline: space.sm,
  borderBlockEnd: '3px solid transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: fontSize.md,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.primary, borderBlockEndColor: vars.color.primary },
  },
});
