import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const section = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.md,
  boxShadow: vars.shadow.card,
});
export const title = style({ fontSize: fontSize.lg, fontWeight: 800, selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } } });
export const figures = style({ display: 'grid', gap: space.xxs, listStyle: 'none', padding: 0, margin: 0, fontWeight: 600 });
export const mode = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const loading = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });
/** A mode button while a change runs: aria-disabled (it keeps focus), so it looks like the recipe's :disabled. */
export const unavailable = style({ cursor: 'not-allowed', opacity: 0.55 });
export const failed = style({ fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });
