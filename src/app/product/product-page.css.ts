import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';
import { sprinkles } from '../theme/sprinkles.css';

/**
 * Phones: name and price first, then the pictures, then options and details.
 * Desktop: pictures in the start column, everything else beside them.
 */
export const layout = style({
  display: 'grid',
  gap: space.md,
  gridTemplateAreas: '"head" "gallery" "info"',
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
      gridTemplateRows: 'auto 1fr',
      gridTemplateAreas: '"gallery head" "gallery info"',
      alignItems: 'start',
      columnGap: space.xl,
    },
  },
});

export const head = style({ gridArea: 'head', display: 'grid', gap: space.sm, alignContent: 'start' });
export const gallery = style({ gridArea: 'gallery', minInlineSize: 0 });
export const info = style({ gridArea: 'info', display: 'grid', gap: space.md, alignContent: 'start' });

export const crumbs = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, fontSize: fontSize.sm, color: vars.color.textMuted });
export const crumbLink = style({ color: vars.color.primary });

export const name = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

/** Layout-only rows come from the sprinkles. */
export const row = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'sm' });

export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const sectionTitle = style({ fontSize: fontSize.lg, fontWeight: 800 });

export const description = style({ whiteSpace: 'pre-line', color: vars.color.text });

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: space.md,
  rowGap: space.xs,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});

export const delivery = style({ display: 'flex', alignItems: 'flex-start', gap: space.xs, fontWeight: 600 });
export const cod = style({ fontWeight: 400, color: vars.color.textMuted });

export const related = style({ marginBlockStart: space.xxl });

export const relatedGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space.sm,
  marginBlockStart: space.sm,
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: space.md } },
});

