/** Base document styles: logical properties only, so right-to-left mirrors for free. */
import { globalStyle, style } from '@vanilla-extract/css';
import { fontFamily, fontSize, media, vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  scrollPaddingBlockStart: '5rem',
  '@media': { '(prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' } },
});

globalStyle('body', {
  margin: 0,
  minBlockSize: '100dvh',
  fontFamily,
  fontSize: fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  backgroundColor: vars.color.bg,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4, p, figure, ul, ol', { marginBlock: 0 });
globalStyle('ul, ol', { paddingInlineStart: 0, listStyle: 'none' });
globalStyle('img, svg', { display: 'block', maxInlineSize: '100%' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('a', { color: vars.color.primary });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
