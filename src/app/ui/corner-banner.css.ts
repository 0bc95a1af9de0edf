/**
 * A card pinned to the bottom corner (inline-end on wider screens): the update banner and the install banner
 * take turns in it.
 */
import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

export const cornerBanner = style({
  position: 'fixed',
  insetInline: space.md,
  insetBlockEnd: space.md,
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
  '@media': {
    [media.tablet]: { insetInlineStart: 'auto', maxInlineSize: '28rem' },
  },
});
