/** Styles of the conversations list. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: space.md, maxInlineSize: '48rem', marginInline: 'auto', inlineSize: '100%' });

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2, margin: 0 });

export const intro = style({ margin: 0, color: vars.color.textMuted });

export const list = style({
  display: 'grid',
  listStyle: 'none',
  padding: 0,
  margin: 0,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const item = style({
  selectors: { '& + &': { borderBlockStart: `1px solid ${vars.color.border}` } },
});

export const link = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: space.sm,
  padding: space.sm,
  minBlockSize: '64px',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const avatar = style({
  inlineSize: '44px',
  blockSize: '44px',
  borderRadius: radius.pill,
  objectFit: 'cover',
  backgroundColor: vars.color.surfaceAlt,
  display: 'grid',
  placeItems: 'center',
  fontWeight: 800,
  color: vars.color.textMuted,
});

export const body = style({ display: 'grid', gap: '2px', minInlineSize: 0 });

export const nameRow = style({ display: 'flex', alignItems: 'center', gap: space.xs, minInlineSize: 0 });

export const name = style({ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const unreadName = style({ fontWeight: 800 });

export const preview = style({
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const side = style({ display: 'grid', justifyItems: 'end', gap: space.xxs });

export const time = style({ color: vars.color.textMuted, fontSize: fontSize.xs, whiteSpace: 'nowrap' });

export const unread = style({
  minInlineSize: '1.5rem',
  blockSize: '1.5rem',
  paddingInline: space.xxs,
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: radius.pill,
  backgroundColor: vars.color.terracotta,
  color: vars.color.onTerracotta,
  fontSize: fontSize.xs,
  fontWeight: 800,
});

/** 'Online' beside the name: a green dot and the word. */
export const online = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  flexShrink: 0,
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  fontWeight: 600,
});

export const dot = style({
  inlineSize: '0.5rem',
  blockSize: '0.5rem',
  borderRadius: radius.pill,
  backgroundColor: vars.color.success,
});
