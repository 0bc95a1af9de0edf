import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, space, vars } from '../theme/contract.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideFromEnd = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });
const slideFromEndRtl = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} 150ms ease`,
});

export const panel = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineEnd: 0,
  zIndex: 61,
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  inlineSize: 'min(24rem, 92vw)',
  backgroundColor: vars.color.bg,
  boxShadow: vars.shadow.raised,
  animation: `${slideFromEnd} 200ms ease`,
  selectors: { '[dir="rtl"] &': { animationName: slideFromEndRtl } },
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingBlock: space.sm,
  paddingInline: space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const title = style({ fontSize: fontSize.lg, fontWeight: 800 });

export const body = style({ overflowY: 'auto', padding: space.md, display: 'grid', alignContent: 'start', gap: space.md });

export const foot = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: space.sm,
  padding: space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});
