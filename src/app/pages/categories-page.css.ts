import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, marginBlockEnd: space.md });
export const groups = style({ display: 'grid', gap: space.lg, '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } } });
export const group = style({ padding: space.md, backgroundColor: vars.color.surface, borderRadius: radius.lg, boxShadow: vars.shadow.card });
export const groupTitle = style({ fontSize: fontSize.lg, fontWeight: 800, marginBlockEnd: space.sm });
export const list = style({ display: 'grid', gap: space.xxs });
export const link = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space.sm,
  paddingBlock: space.xs,
  color: vars.color.text,
  textDecoration: 'none',
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:hover': { color: vars.color.primary } },
});
export const count = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
