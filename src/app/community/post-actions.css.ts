/** The close-request confirmation. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme/contract.css';

export const confirm = style({
  display: 'grid',
  gap: space.sm,
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceAlt,
});

export const question = style({
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
