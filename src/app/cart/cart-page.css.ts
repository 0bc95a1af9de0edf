import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: space.lg, maxInlineSize: '1200px', marginInline: 'auto', inlineSize: '100%' });

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: space.sm });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const count = style({ color: vars.color.textMuted });

/** Phones: lines, then the summary. Desktop: the summary beside the lines, at the inline end. */
export const layout = style({
  display: 'grid',
  gap: space.lg,
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 22rem' } },
});

export const lines = style({ display: 'grid', gap: space.sm });

export const linesHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });
export const sectionTitle = style({ fontSize: fontSize.lg, fontWeight: 800 });

export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const summary = style([card, { '@media': { [media.desktop]: { position: 'sticky', insetBlockStart: space.md } } }]);

export const confirm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, fontSize: fontSize.sm });

export const relatedGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space.sm,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: space.md },
  },
});

export const hint = style({ fontSize: fontSize.xs, color: vars.color.textMuted });
