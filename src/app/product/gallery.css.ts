import { style } from '@vanilla-extract/css';
import { radius, space, vars } from '../theme/contract.css';

export const gallery = style({ display: 'grid', gap: space.sm });
/** On phones the picture leaves room for the name and price on the first screen. */
export const main = style({
  inlineSize: 'min(100%, calc(62vh * 0.8))',
  marginInline: 'auto',
  borderRadius: radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.card,
});
export const thumbs = style({ display: 'flex', gap: space.xs, overflowX: 'auto', paddingBlock: space.xxs });
export const thumb = style({
  flex: '0 0 4.5rem',
  padding: 0,
  border: `2px solid transparent`,
  borderRadius: radius.md,
  overflow: 'hidden',
  background: 'none',
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primary } },
});
