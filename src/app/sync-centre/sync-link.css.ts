import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  minBlockSize: '44px',
  paddingInline: space.xs,
  borderRadius: radius.pill,
  fontSize: fontSize.sm,
  fontWeight: 800,
  textDecoration: 'none',
  color: vars.color.text,
  backgroundColor: vars.color.surfaceAlt,
  selectors: {
    '&:hover': { outline: `1px solid ${vars.color.border}` },
    '&[data-state="failed"]': { color: vars.color.danger },
  },
});
