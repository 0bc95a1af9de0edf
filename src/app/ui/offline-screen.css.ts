import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  justifyItems: 'center',
  gap: space.md,
  paddingBlock: space.xxl,
  paddingInline: space.md,
  textAlign: 'center',
});

export const icon = style({ inlineSize: '3.5rem', blockSize: '3.5rem', color: vars.color.saffron });
export const title = style({ fontSize: fontSize.xl, fontWeight: 800 });
export const text = style({ color: vars.color.textMuted, maxInlineSize: '44ch' });
