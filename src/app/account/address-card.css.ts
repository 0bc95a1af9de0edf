import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const card = style({
  display: 'grid',
  gap: space.xs,
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const name = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, fontWeight: 700 });
export const lines = style({ color: vars.color.textMuted, fontSize: fontSize.sm, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, alignItems: 'center' });
export const confirm = style({ fontWeight: 600 });
