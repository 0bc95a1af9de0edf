/**
 * A card pinned to the bottom corner (inline-end on wider screens): the update banner and the install banner
 * take turns in that place. `bannerCard` is the card alone, for the install banner, which places itself in the
 * document flow (src/app/install/install-banner.css.ts).
 */
import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

export const bannerCard = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.sm,
  padding: space.md,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
});

export const cornerBanner = style([
  bannerCard,
  {
    position: 'fixed',
    insetInline: space.md,
    insetBlockEnd: space.md,
    '@media': {
      [media.tablet]: { insetInlineStart: 'auto', maxInlineSize: '28rem' },
    },
  },
]);
