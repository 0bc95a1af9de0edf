import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 70,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} 150ms ease`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const dialog = style({
  position: 'fixed',
  insetBlockStart: '50%',
  insetInlineStart: '50%',
  transform: 'translate(-50%, -50%)',
  zIndex: 71,
  display: 'grid',
  gap: space.md,
  inlineSize: 'min(28rem, 92vw)',
  padding: space.lg,
  backgroundColor: vars.color.bg,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.raised,
  animation: `${fadeIn} 150ms ease`,
  selectors: { '[dir="rtl"] &': { transform: 'translate(50%, -50%)' } },
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const title = style({ fontSize: fontSize.lg, fontWeight: 800, lineHeight: 1.3 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space.sm });
