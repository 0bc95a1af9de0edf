/** The tracking steps: a vertical list on phones, a row from tablet width; the line runs along the inline axis (RTL-safe). */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const steps = style({
  display: 'grid',
  gap: space.sm,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [media.tablet]: { gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)' } },
});

export const step = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: space.sm,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr', justifyItems: 'center', textAlign: 'center' } },
});

export const dot = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '2rem',
  blockSize: '2rem',
  borderRadius: radius.pill,
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontWeight: 700,
  fontSize: fontSize.sm,
  selectors: {
    [`${step}[data-reached="true"] &`]: {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});

export const text = style({ display: 'grid' });
export const name = style({
  fontWeight: 700,
  selectors: { [`${step}[data-reached="false"] &`]: { color: vars.color.textMuted, fontWeight: 600 } },
});
export const date = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
