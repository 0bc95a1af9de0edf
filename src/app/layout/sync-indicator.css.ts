import { keyframes, style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

// The first sync's bar and text hang below the sticky header over the page instead of taking room of their own:
// in the flow they pushed the whole page down when the sync started and pulled it back up when it ended, two
// layout shifts on every first visit (Lighthouse counted 0.057 of CLS on the home page, issue 25).
export const region = style({ position: 'relative' });

export const track = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInline: 0,
  blockSize: '3px',
  backgroundColor: vars.color.surfaceAlt,
  overflow: 'hidden',
});

// The bar is the track's whole width scaled to the percent: a transform runs on the compositor, whereas a
// transition of its width laid out and repainted the page on every frame for the whole first sync (the worker
// reports several times a second), which took a third of the page's main thread from the sync itself.
// transform has no logical form: the bar grows from the inline start, so from the right in Darija and Arabic.
export const bar = style({
  blockSize: '100%',
  inlineSize: '100%',
  backgroundColor: vars.color.primary,
  // Empty until the first percent comes, so the bar grows from nothing rather than shrinking from full width.
  transform: 'scaleX(0)',
  transformOrigin: 'left',
  transition: 'transform 300ms ease',
  selectors: { '[dir="rtl"] &': { transformOrigin: 'right' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

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
  '@media': { [media.reducedMotion]: { animation: 'none', transform: 'none', inlineSize: '100%', opacity: 0.5 } },
});

export const text = style({
  position: 'absolute',
  insetBlockStart: '3px',
  insetInline: 0,
  marginBlock: 0,
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
