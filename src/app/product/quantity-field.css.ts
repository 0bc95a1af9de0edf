import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const field = style({ display: 'grid', gap: space.xxs, justifyItems: 'start' });
export const label = style({ fontWeight: 600 });
export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: space.xs });
export const input = style({
  inlineSize: '4.5rem',
  minBlockSize: '44px',
  paddingInline: space.xs,
  textAlign: 'center',
  fontSize: fontSize.md,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
});
export const note = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
