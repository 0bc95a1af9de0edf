import { style } from '@vanilla-extract/css';
import { space, vars } from '../theme/contract.css';
import { cornerBanner } from '../ui/corner-banner.css';

/** The update banner's place (inline-end on wider screens); the banner hides while an update waits. */
export const banner = style([
  cornerBanner,
  {
    zIndex: 40,
    borderInlineStart: `4px solid ${vars.color.primary}`,
  },
]);

export const text = style({ flex: '1 1 14rem', display: 'grid', gap: space.xs });

export const heading = style({ margin: 0, fontSize: '1rem', fontWeight: 700 });

export const body = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginInlineStart: 'auto' });
