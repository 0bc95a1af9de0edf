import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const tablist = style({
  display: 'flex',
  gap: space.xs,
  overflowX: 'auto',
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const tab = style({
  minBlockSize: '44px',
  paddingInline: space.md,
  border: 'none',
  borderBlockEnd: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: fontSize.md,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-selected="true"]': { color: vars.color.primary, borderBlockEndColor: vars.color.primary },
  },
});

export const panel = style({ paddingBlockStart: space.md });
