import { style } from '@vanilla-extract/css';

export const icon = style({ inlineSize: '1.25em', blockSize: '1.25em', flexShrink: 0 });

/** Arrows point the reading direction: mirrored in right-to-left pages. */
export const directional = style({
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});
