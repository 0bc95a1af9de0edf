import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: space.xs,
  rowGap: space.xxs,
  margin: 0,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});

export const charged = style({ fontWeight: 700, color: vars.color.text });

export const original = style({ textDecorationThickness: '1.5px' });
