import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const strip = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '5.75rem',
  gap: space.sm,
  overflowX: 'auto',
  paddingBlock: space.xs,
  '@media': {
    [media.tablet]: { gridAutoFlow: 'row', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', overflowX: 'visible' },
    // Spec §2: ten columns at most on wide screens.
    [media.desktop]: { gridTemplateColumns: 'repeat(10, minmax(0, 1fr))' },
  },
});

export const link = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: space.xxs,
  textAlign: 'center',
  textDecoration: 'none',
  color: vars.color.text,
  borderRadius: radius.md,
  paddingBlock: space.xxs,
});

export const circle = style({
  position: 'relative',
  inlineSize: '5rem',
  blockSize: '5rem',
  borderRadius: radius.pill,
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceAlt,
  border: `3px solid ${vars.color.surface}`,
  boxShadow: `0 0 0 2px ${vars.color.saffron}`,
  selectors: { [`${link}:hover &`]: { boxShadow: `0 0 0 3px ${vars.color.primary}` } },
});

export const image = style({ inlineSize: '100%', blockSize: '100%', objectFit: 'cover' });

export const name = style({ fontSize: fontSize.sm, fontWeight: 600, lineHeight: 1.25 });

export const count = style({ fontSize: fontSize.xs, color: vars.color.textMuted });

export const soon = style({ fontSize: fontSize.xs, color: vars.color.terracotta, fontWeight: 700 });

export const badgeSpot = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineEnd: space.xxs,
  zIndex: 1,
});

export const exploreCircle = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.onPrimary,
  backgroundColor: vars.color.primary,
  fontSize: fontSize.xl,
});
