import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme/contract.css';

export const link = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minBlockSize: '44px',
  minInlineSize: '44px',
  borderRadius: radius.pill,
  color: vars.color.text,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-current="page"]': { color: vars.color.primary },
  },
});

export const count = style({
  position: 'absolute',
  insetBlockStart: '2px',
  insetInlineEnd: '0',
  minInlineSize: '1.25rem',
  blockSize: '1.25rem',
  paddingInline: '0.25rem',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: radius.pill,
  backgroundColor: vars.color.terracotta,
  color: vars.color.onTerracotta,
  fontSize: '0.7rem',
  fontWeight: 800,
  lineHeight: 1,
});
