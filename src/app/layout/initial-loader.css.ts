import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';
import { INITIAL_LOADER_FADE_MS, INITIAL_LOADER_MS } from './initial-loader-session';

const fill = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: space.sm,
  padding: space.lg,
  textAlign: 'center',
  backgroundColor: vars.color.bg,
  color: vars.color.text,
  // A tap on it only dismisses it (initial-loader.tsx): nothing underneath, unseen, is pressed.
  animation: `${fadeIn} 150ms ease-out`,
});

/** Going: a short fade (the page is ready underneath); taps still end on it until it is gone. */
export const leaving = style({
  animation: `${fadeOut} ${INITIAL_LOADER_FADE_MS}ms ease-in forwards`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0 } },
});

export const brand = style({ fontSize: 'clamp(2.5rem, 10vw, 4rem)', fontWeight: 800, color: vars.color.primary, lineHeight: 1.1 });
export const tagline = style({ fontSize: fontSize.md, color: vars.color.textMuted });
export const label = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const bar = style({
  display: 'block',
  inlineSize: 'min(16rem, 60vw)',
  blockSize: '4px',
  marginBlockStart: space.md,
  borderRadius: '2px',
  backgroundColor: vars.color.border,
  overflow: 'hidden',
});

export const barFill = style({
  display: 'block',
  blockSize: '100%',
  backgroundColor: vars.color.saffron,
  // scaleX grows from the inline start: the left in LTR, the right in RTL.
  transformOrigin: 'left',
  animation: `${fill} ${INITIAL_LOADER_MS}ms linear forwards`,
  selectors: { '[dir="rtl"] &': { transformOrigin: 'right' } },
});
