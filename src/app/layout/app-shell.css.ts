import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme/contract.css';

export const top = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 20,
  boxShadow: vars.shadow.card,
});

export const skipLink = style({
  position: 'absolute',
  insetBlockStart: space.xs,
  insetInlineStart: space.xs,
  zIndex: 100,
  paddingBlock: space.xs,
  paddingInline: space.md,
  borderRadius: radius.md,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 700,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  display: 'block',
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingInline: space.md,
  paddingBlockStart: space.md,
  minBlockSize: '60vh',
  selectors: { '&:focus': { outline: 'none' } },
});
