import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

const shimmer = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.55 },
  '100%': { opacity: 1 },
});

export const skeleton = style({
  display: 'block',
  backgroundColor: vars.color.surfaceAlt,
  borderRadius: radius.sm,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const message = style({
  display: 'grid',
  justifyItems: 'center',
  gap: space.sm,
  paddingBlock: space.xl,
  paddingInline: space.md,
  textAlign: 'center',
  color: vars.color.textMuted,
  backgroundColor: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: radius.lg,
});

export const messageTitle = style({ color: vars.color.text, fontSize: fontSize.lg, fontWeight: 700 });
