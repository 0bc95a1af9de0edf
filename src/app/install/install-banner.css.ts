import { style } from '@vanilla-extract/css';
import { media, space, vars } from '../theme/contract.css';
import { bannerCard } from '../ui/corner-banner.css';

/**
 * The banner's place (issue 21): the live region is in the document flow after the footer, so the page keeps room
 * for the banner at its end and every control can be scrolled out from under it; while the page scrolls above
 * that place it sticks to the bottom of the viewport, and the page's scroll padding (set by the banner to its
 * height) keeps focused and scrolled-to elements above it. Only the card takes pointer events; no room is kept
 * while nothing shows.
 */
export const region = style({
  position: 'sticky',
  insetBlockEnd: 0,
  zIndex: 40,
  pointerEvents: 'none',
  selectors: { '&:not([data-view="hidden"])': { padding: space.md } },
});

/** The card, inline-end on wider screens (where the update banner shows; the install banner hides meanwhile). */
export const banner = style([
  bannerCard,
  {
    pointerEvents: 'auto',
    borderInlineStart: `4px solid ${vars.color.primary}`,
    '@media': {
      [media.tablet]: { marginInlineStart: 'auto', maxInlineSize: '28rem' },
    },
  },
]);

export const text = style({ flex: '1 1 14rem', display: 'grid', gap: space.xs });

export const heading = style({ margin: 0, fontSize: '1rem', fontWeight: 700 });

export const body = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginInlineStart: 'auto' });
