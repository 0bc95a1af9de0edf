import { style, styleVariants } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const region = style({
  position: 'fixed',
  insetBlockEnd: space.md,
  insetInline: space.md,
  zIndex: 80,
  display: 'grid',
  justifyItems: 'center',
  gap: space.xs,
  pointerEvents: 'none',
  '@media': { [media.tablet]: { insetInlineStart: 'auto', justifyItems: 'end' } },
});

const base = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  maxInlineSize: '28rem',
  paddingBlock: space.xs,
  paddingInline: space.md,
  borderRadius: radius.md,
  boxShadow: vars.shadow.raised,
  fontSize: fontSize.sm,
  fontWeight: 600,
  pointerEvents: 'auto',
  borderInlineStart: '4px solid transparent',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
});

export const toast = styleVariants({
  success: [base, { borderInlineStartColor: vars.color.success }],
  error: [base, { borderInlineStartColor: vars.color.danger }],
  info: [base, { borderInlineStartColor: vars.color.primary }],
});

export const action = style({ color: vars.color.primary, fontWeight: 700, whiteSpace: 'nowrap' });

export const stack = style({ display: 'grid', justifyItems: 'inherit', gap: space.xs });
