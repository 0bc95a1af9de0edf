import { style } from '@vanilla-extract/css';
import { fontSize, media, space } from '../theme/contract.css';

export const summary = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const columns = style({
  display: 'grid',
  gap: space.lg,
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});

export const column = style({ display: 'grid', gap: space.lg });

export const back = style({ fontSize: fontSize.sm });
