import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  justifyItems: 'center',
  gap: space.md,
  paddingBlock: space.xxl,
  textAlign: 'center',
});

// Large text in the primary colour: readable on the page background in both themes (saffron was not).
export const code = style({ fontSize: '4rem', fontWeight: 800, color: vars.color.primary, lineHeight: 1 });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800 });
export const text = style({ color: vars.color.textMuted, maxInlineSize: '40ch' });
