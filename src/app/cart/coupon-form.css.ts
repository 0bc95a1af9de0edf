import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const form = style({ display: 'grid', gap: space.xxs });
export const label = style({ fontWeight: 600, fontSize: fontSize.sm });
export const row = style({ display: 'flex', gap: space.xs });
export const input = style({ flex: 1, minInlineSize: 0, textTransform: 'uppercase' });
export const error = style({ fontSize: fontSize.sm, color: vars.color.danger });
export const applied = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.xs,
  fontSize: fontSize.sm,
  fontWeight: 600,
  color: vars.color.success,
});
