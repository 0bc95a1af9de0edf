import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const frame = style({
  position: 'relative',
  aspectRatio: '4 / 5',
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceAlt,
});

export const image = style({
  inlineSize: '100%',
  blockSize: '100%',
  objectFit: 'cover',
});

export const placeholder = style({
  inlineSize: '100%',
  blockSize: '100%',
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
});
