import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const region = style({});

export const track = style({
  blockSize: '3px',
  backgroundColor: vars.color.surfaceAlt,
  overflow: 'hidden',
});

export const bar = style({
  blockSize: '100%',
  backgroundColor: vars.color.primary,
  transition: 'inline-size 300ms ease',
});

// transform has no logical form: the bar runs from the inline start, so right to left in Darija and Arabic.
const slide = keyframes({
  '0%': { transform: 'translateX(-100%)' },
  '100%': { transform: 'translateX(250%)' },
});
const slideRtl = keyframes({
  '0%': { transform: 'translateX(100%)' },
  '100%': { transform: 'translateX(-250%)' },
});

export const indeterminate = style({
  inlineSize: '40%',
  animation: `${slide} 1.4s ease-in-out infinite`,
  selectors: { '[dir="rtl"] &': { animationName: slideRtl } },
  '@media': { [media.reducedMotion]: { animation: 'none', inlineSize: '100%', opacity: 0.5 } },
});

export const text = style({
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingBlock: space.xxs,
  paddingInline: space.md,
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
  backgroundColor: vars.color.bg,
});

export const pill = style({
  position: 'fixed',
  insetBlockEnd: space.md,
  insetInlineStart: space.md,
  zIndex: 40,
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: space.xs,
  paddingInline: space.md,
  borderRadius: radius.pill,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: fontSize.sm,
  fontWeight: 600,
  boxShadow: vars.shadow.raised,
});
