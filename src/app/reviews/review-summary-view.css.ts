import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const summary = style({
  display: 'grid',
  gap: space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(10rem, auto) minmax(0, 1fr)', alignItems: 'center' } },
});

export const average = style({ fontSize: fontSize.lg });

export const bars = style({ display: 'grid', gap: space.xxs });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '5.5rem minmax(0, 1fr) 6.5rem',
  alignItems: 'center',
  gap: space.xs,
  fontSize: fontSize.sm,
});

export const label = style({ whiteSpace: 'nowrap' });

export const track = style({
  display: 'block',
  blockSize: '0.6rem',
  borderRadius: radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  overflow: 'hidden',
});

export const fill = style({ display: 'block', blockSize: '100%', backgroundColor: vars.color.saffron });

export const rowCount = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });
