/** The photos of a request or an offer on the post page. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme/contract.css';

export const images = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, listStyle: 'none', padding: 0, margin: 0 });

export const image = style({
  inlineSize: '4.5rem',
  blockSize: '4.5rem',
  objectFit: 'cover',
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
});
