import { style } from '@vanilla-extract/css';
import { fontSize, vars } from '../theme/contract.css';

/** Discreet: small muted text, right after the section title; it may wrap but never pushes the tools off. */
export const note = style({
  flex: '0 1 auto',
  minInlineSize: 0,
  marginInlineEnd: 'auto',
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  fontWeight: 400,
});
