import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const accountLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  minInlineSize: '44px',
  paddingInline: space.xs,
  borderRadius: radius.pill,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-current="page"]': { color: vars.color.primary },
  },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '32px',
  blockSize: '32px',
  flexShrink: 0,
  borderRadius: radius.pill,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 800,
  fontSize: fontSize.sm,
});

/** On a phone the header has room for the initial only (the name is in the link's label); the name shows from tablets up. */
export const name = style({
  display: 'none',
  maxInlineSize: '8rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [media.tablet]: { display: 'inline' } },
});

/** 'Log in': a compact 44 px button on a phone, so six languages fit beside the logo and the switchers. */
export const loginLink = style({
  paddingInline: space.xs,
  whiteSpace: 'nowrap',
  '@media': { [media.tablet]: { paddingInline: space.md } },
});

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingBlock: space.xxs,
  paddingInline: space.md,
  backgroundColor: vars.color.saffron,
  color: vars.color.onSaffron,
  fontWeight: 600,
  fontSize: fontSize.sm,
});

export const noticeActions = style({ display: 'flex', alignItems: 'center', gap: space.xs });

export const noticeLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  paddingInline: space.xs,
  color: vars.color.onSaffron,
  fontWeight: 800,
});

export const noticeDismiss = style({
  minBlockSize: '44px',
  minInlineSize: '44px',
  paddingInline: space.xs,
  border: 'none',
  borderRadius: radius.md,
  background: 'transparent',
  color: vars.color.onSaffron,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.onSaffron}` } },
});
