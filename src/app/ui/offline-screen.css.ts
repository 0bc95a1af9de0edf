import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

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

export const note = style({
  paddingBlock: space.sm,
  paddingInline: space.md,
  borderRadius: radius.md,
  borderInlineStart: `4px solid ${vars.color.saffron}`,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: fontSize.sm,
});
