import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} 150ms ease`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const dialog = style({
  position: 'fixed',
  insetBlockStart: '50%',
  insetInlineStart: '50%',
  transform: 'translate(-50%, -50%)',
  zIndex: 61,
  display: 'grid',
  gap: space.md,
  inlineSize: 'min(56rem, 94vw)',
  maxBlockSize: '92vh',
  overflowY: 'auto',
  padding: space.md,
  backgroundColor: vars.color.bg,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.raised,
  animation: `${fadeIn} 150ms ease`,
  selectors: { '[dir="rtl"] &': { transform: 'translate(50%, -50%)' } },
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', padding: space.lg, gap: space.lg },
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const close = style({ position: 'absolute', insetBlockStart: space.xs, insetInlineEnd: space.xs, zIndex: 1 });

export const gallery = style({ minInlineSize: 0 });

export const info = style({ display: 'grid', gap: space.sm, alignContent: 'start' });

export const name = style({ fontSize: fontSize.xl, fontWeight: 800, lineHeight: 1.25, paddingInlineEnd: space.xl });

export const description = style({
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 5,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: space.sm });

export const fullDetails = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  fontWeight: 600,
  color: vars.color.primary,
});
