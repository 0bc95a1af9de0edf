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
  // At least a screen tall, so the footer starts below the fold while a page is loading: at 60vh it showed under a
  // page's skeleton and was pushed down when the content came (Lighthouse: CLS 0.064 on a product page, issue 25).
  minBlockSize: '100dvh',
  selectors: { '&:focus': { outline: 'none' } },
});
