import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

export const gallery = style({ display: 'grid', gap: space.sm });
/** Below desktop the picture is capped by the screen height; on desktop it fills its column. */
export const main = style({
  inlineSize: 'min(100%, calc(62vh * 0.8))',
  marginInline: 'auto',
  '@media': { [media.desktop]: { inlineSize: '100%' } },
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
