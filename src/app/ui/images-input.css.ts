import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const field = style({ display: 'grid', gap: space.xxs });

export const label = style({ padding: 0, fontWeight: 700, fontSize: fontSize.sm });

export const file = style({ fontSize: fontSize.sm, maxInlineSize: '100%' });

export const error = style({ color: vars.color.danger, fontSize: fontSize.sm });

export const previews = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, listStyle: 'none', padding: 0, margin: 0 });

export const preview = style({ display: 'grid', justifyItems: 'center', gap: space.xxs });

export const previewImage = style({
  inlineSize: '4.5rem',
  blockSize: '4.5rem',
  objectFit: 'cover',
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
});
