import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  blockSize: '100%',
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  transition: 'box-shadow 150ms ease, transform 150ms ease',
  selectors: {
    '&:hover': { boxShadow: vars.shadow.raised },
    '&:focus-within': { boxShadow: vars.shadow.raised },
  },
});

export const media = style({ position: 'relative' });

export const badges = style({
  position: 'absolute',
  insetBlockStart: space.xs,
  insetInlineStart: space.xs,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: space.xxs,
  zIndex: 1,
  pointerEvents: 'none',
});

export const actions = style({
  position: 'absolute',
  insetBlockStart: space.xs,
  insetInlineEnd: space.xs,
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  zIndex: 2,
});

export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '40px',
  blockSize: '40px',
  borderRadius: radius.pill,
  border: 'none',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&[data-saved="true"]': { color: vars.color.terracotta },
    '&:hover': { color: vars.color.primary },
  },
});

export const soldOut = style({
  position: 'absolute',
  insetInline: 0,
  insetBlockEnd: 0,
  paddingBlock: space.xs,
  textAlign: 'center',
  fontWeight: 700,
  fontSize: fontSize.sm,
  backgroundColor: vars.color.overlay,
  color: '#ffffff',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xxs,
  flex: 1,
  padding: space.sm,
});

export const category = style({
  fontSize: fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  selectors: { '[dir="rtl"] &': { textTransform: 'none', letterSpacing: 0 } },
});

export const name = style({
  fontSize: fontSize.md,
  fontWeight: 600,
  lineHeight: 1.35,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  minBlockSize: '2.7em',
});

/** The name link covers the whole card (one link per card, big touch target). */
export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px', borderRadius: radius.lg },
  },
});

export const footer = style({
  position: 'relative',
  zIndex: 1,
  marginBlockStart: 'auto',
  paddingBlockStart: space.xs,
});
