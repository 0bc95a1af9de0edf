import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

/** Above a card's stretched link (shop-card.css.ts), so the button stays clickable. */
export const follow = style({ position: 'relative', zIndex: 1, display: 'grid', gap: space.xxs, gridColumn: '1 / -1' });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });

export const count = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const hint = style({ fontSize: fontSize.xs, color: vars.color.textMuted });

export const alert = style({ fontSize: fontSize.sm, color: vars.color.danger });

export const link = style({ color: vars.color.primary, fontWeight: 700 });

export const failure = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.xs,
  padding: space.xs,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: fontSize.sm,
});
