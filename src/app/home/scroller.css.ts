import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

export const scroller = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(10.5rem, 46%)',
  gap: space.sm,
  overflowX: 'auto',
  overscrollBehaviorInline: 'contain',
  scrollSnapType: 'inline mandatory',
  scrollPaddingInline: space.xxs,
  paddingBlock: space.xs,
  paddingInline: space.xxs,
  marginInline: `calc(-1 * ${space.xxs})`,
  scrollbarWidth: 'thin',
  borderRadius: radius.md,
  '@media': {
    [media.tablet]: { gridAutoColumns: 'minmax(12rem, 30%)' },
    [media.desktop]: { gridAutoColumns: 'calc((100% - 4 * 0.75rem) / 5)' },
  },
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } },
});

export const item = style({ scrollSnapAlign: 'start' });

export const arrows = style({
  display: 'none',
  gap: space.xxs,
  '@media': { [media.desktop]: { display: 'flex' } },
});
