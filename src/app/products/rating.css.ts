import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const rating = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.xxs,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});

export const stars = style({
  position: 'relative',
  display: 'inline-block',
  fontSize: fontSize.md,
  lineHeight: 1,
  letterSpacing: '1px',
  color: vars.color.border,
});

export const filled = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineStart: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  color: vars.color.star,
});

export const value = style({ fontWeight: 700, color: vars.color.text });

export const count = style({ whiteSpace: 'nowrap' });
