/** The look of a form control (inputs, selects): 44 px touch target, themed border and surface. */
import { style } from '@vanilla-extract/css';
import { radius, space, vars } from './contract.css';

export const field = style({
  minBlockSize: '44px',
  paddingInline: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});
