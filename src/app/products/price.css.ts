import { style, styleVariants } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const price = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: space.xs,
  margin: 0,
});

export const current = styleVariants({
  md: { fontSize: fontSize.lg, fontWeight: 800, color: vars.color.text },
  lg: { fontSize: fontSize.xl, fontWeight: 800, color: vars.color.text },
});

export const sale = style({ color: vars.color.terracotta });

export const original = style({
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  textDecorationThickness: '1.5px',
});
