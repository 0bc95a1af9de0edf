import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';
import { sprinkles } from '../theme/sprinkles.css';

export const chips = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'xs' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  minBlockSize: '36px',
  paddingInlineStart: space.sm,
  paddingInlineEnd: space.xs,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.primary}`,
  backgroundColor: vars.color.surface,
  color: vars.color.primary,
  fontSize: fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceAlt } },
});

export const clear = style({
  border: 'none',
  background: 'none',
  color: vars.color.textMuted,
  textDecoration: 'underline',
  fontSize: fontSize.sm,
  cursor: 'pointer',
  minBlockSize: '36px',
});
