/** A row of filter toggles (pills), scrollable on phones: the orders and community lists. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const filterRow = style({
  display: 'flex',
  gap: space.xs,
  overflowX: 'auto',
  paddingBlockEnd: space.xxs,
  scrollbarWidth: 'thin',
});

export const filterButton = style({
  flexShrink: 0,
  minBlockSize: '44px',
  paddingInline: space.md,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"], &[aria-current="page"]': {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});
