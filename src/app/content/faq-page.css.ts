/** The FAQ: the search box and the questions, each answer clamped to two lines until opened. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const search = style({ display: 'grid', gap: space.xs });

export const input = style({
  minBlockSize: '44px',
  paddingInline: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: fontSize.md,
});

export const list = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const item = style({
  display: 'grid',
  gap: space.xs,
  padding: space.md,
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const question = style({ fontSize: fontSize.lg, fontWeight: 700, margin: 0 });

export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  inlineSize: '100%',
  minBlockSize: '44px',
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.primary } },
});

/** A small chevron drawn with borders (no icon font): down when closed, up when open. */
export const chevron = style({
  flexShrink: 0,
  inlineSize: '0.6rem',
  blockSize: '0.6rem',
  borderInlineEnd: `2px solid currentColor`,
  borderBlockEnd: `2px solid currentColor`,
  transform: 'rotate(45deg)',
  transition: 'transform 150ms ease',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(225deg)' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const answer = style({ margin: 0, color: vars.color.text });

export const preview = style([
  answer,
  {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    color: vars.color.textMuted,
  },
]);
