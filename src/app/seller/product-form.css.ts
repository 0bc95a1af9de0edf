/** The product form: sections as cards, the option pickers as wrapping chips, the variant matrix as a list of rows on a phone. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const section = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  border: 'none',
  margin: 0,
  minInlineSize: 0,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const legend = style({ fontSize: fontSize.lg, fontWeight: 700, float: 'inline-start', inlineSize: '100%', paddingBlockEnd: space.xs });

export const language = style({ display: 'grid', gap: space.sm, border: 'none', padding: 0, margin: 0, minInlineSize: 0 });
export const languageName = style({ fontWeight: 700 });

export const more = style({ display: 'grid', gap: space.md });
export const moreSummary = style({ minBlockSize: '44px', display: 'flex', alignItems: 'center', cursor: 'pointer', fontWeight: 600, color: vars.color.primary });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, border: 'none', padding: 0, margin: 0, minInlineSize: 0 });
export const optionsLegend = style({ fontWeight: 600, fontSize: fontSize.sm, paddingBlockEnd: space.xxs, float: 'inline-start', inlineSize: '100%' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  minBlockSize: '44px',
  paddingInline: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, backgroundColor: vars.color.surfaceAlt } },
});

export const matrix = style({ display: 'grid', gap: space.xs, listStyle: 'none', margin: 0, padding: 0 });

export const matrixRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: space.xs,
  alignItems: 'start',
  paddingBlock: space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'center' } },
});

export const matrixName = style({
  gridColumn: '1 / -1',
  fontWeight: 600,
  '@media': { [media.tablet]: { gridColumn: 'auto' } },
});

export const photos = style({ display: 'grid', gap: space.sm, gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))', listStyle: 'none', margin: 0, padding: 0 });
export const photo = style({ display: 'grid', gap: space.xxs });
export const photoImage = style({ inlineSize: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: radius.md, backgroundColor: vars.color.surfaceAlt });
export const photoActions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xxs });
export const mainBadge = style({ fontSize: fontSize.xs, fontWeight: 700, color: vars.color.primary });

export const footer = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });
