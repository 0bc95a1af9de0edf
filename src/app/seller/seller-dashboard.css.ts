/** The dashboard: one column of cards on a phone, two from tablet width. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, space, vars } from '../theme/contract.css';

export const cards = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const count = style({ fontSize: fontSize.xl, fontWeight: 800 });

export const list = style({ display: 'grid', gap: space.xs, listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space.sm,
  alignItems: 'center',
  minBlockSize: '44px',
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
