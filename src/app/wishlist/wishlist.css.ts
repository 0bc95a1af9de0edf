import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: space.lg, maxInlineSize: '60rem', marginInline: 'auto', inlineSize: '100%' });
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: space.sm });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const count = style({ color: vars.color.textMuted });
export const list = style({ display: 'grid', gap: space.sm });

export const item = style({
  display: 'grid',
  gridTemplateColumns: '5.5rem minmax(0, 1fr)',
  gap: space.sm,
  padding: space.sm,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { gridTemplateColumns: '8rem minmax(0, 1fr)', padding: space.md } },
});
export const picture = style({ borderRadius: radius.md, overflow: 'hidden', alignSelf: 'start' });
export const body = style({ display: 'grid', gap: space.xs, alignContent: 'start', justifyItems: 'start' });
export const name = style({ fontWeight: 700, color: vars.color.text, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } });
export const muted = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const toggles = style({ display: 'grid', fontSize: fontSize.sm });
export const notes = style({ display: 'grid', gap: space.xxs, inlineSize: '100%', justifyItems: 'start' });
export const label = style({ fontWeight: 600, fontSize: fontSize.sm });
export const textarea = style({ inlineSize: '100%', paddingBlock: space.xs, resize: 'vertical', font: 'inherit' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });
export const mark = style({ justifySelf: 'start' });
export const prompt = style({ display: 'grid', justifyItems: 'center', gap: space.sm });
