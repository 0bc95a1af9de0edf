import { style } from '@vanilla-extract/css';
import { media, space } from '../theme/contract.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const group = style({ display: 'grid', gap: space.sm });

export const list = style({
  display: 'grid',
  gap: space.sm,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  padding: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
