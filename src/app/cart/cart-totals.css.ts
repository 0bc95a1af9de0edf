import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const list = style({ display: 'grid', gap: space.xs, margin: 0 });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: space.sm, fontSize: fontSize.sm });
export const discount = style({ color: vars.color.success, fontWeight: 600 });
export const total = style({
  paddingBlockStart: space.xs,
  borderBlockStart: `1px solid ${vars.color.border}`,
  fontSize: fontSize.lg,
  fontWeight: 800,
});
export const hint = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.textMuted });
