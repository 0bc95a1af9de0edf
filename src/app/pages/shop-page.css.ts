import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const header = style({
  display: 'grid',
  gridTemplateColumns: '4rem 1fr',
  gap: space.sm,
  alignItems: 'center',
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const logo = style({
  inlineSize: '4rem',
  blockSize: '4rem',
  borderRadius: radius.pill,
  objectFit: 'cover',
  backgroundColor: vars.color.surfaceAlt,
});

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, fontSize: fontSize.sm, color: vars.color.textMuted });
export const description = style({ gridColumn: '1 / -1', color: vars.color.textMuted });
export const actions = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });
