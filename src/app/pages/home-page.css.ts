import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const title = style({
  fontSize: fontSize.xl,
  fontWeight: 800,
  lineHeight: 1.3,
  marginBlockEnd: space.sm,
  color: vars.color.text,
});
