/** The seller's product list: a card per product, its variants' stock under it; mobile first. */
import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const toolbar = style({
  display: 'grid',
  gap: space.sm,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto' } },
});

export const list = style({ display: 'grid', gap: space.md, listStyle: 'none', margin: 0, padding: 0 });

export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const head = style({ display: 'flex', gap: space.sm, alignItems: 'flex-start' });

export const thumb = style({
  inlineSize: '4rem',
  blockSize: '4rem',
  objectFit: 'cover',
  borderRadius: radius.md,
  flexShrink: 0,
  backgroundColor: vars.color.surfaceAlt,
});

export const title = style({ display: 'grid', gap: space.xxs, minInlineSize: 0 });
export const name = style({ fontWeight: 700, fontSize: fontSize.md, overflowWrap: 'anywhere' });
export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, alignItems: 'center', fontSize: fontSize.sm });

/** "Unpublished by Souk: {reason}" under the product's name. */
export const moderation = style({ margin: 0, fontSize: fontSize.sm, color: vars.color.danger, overflowWrap: 'anywhere' });

export const variants = style({ display: 'grid', gap: space.xs, listStyle: 'none', margin: 0, padding: 0 });

export const restock = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 6rem auto',
  gap: space.xs,
  alignItems: 'center',
});

export const restockLabel = style({ fontSize: fontSize.sm, overflowWrap: 'anywhere' });
export const stockInput = style({ inlineSize: '100%' });
export const restockNote = style({ gridColumn: '1 / -1', fontSize: fontSize.sm, color: vars.color.success, selectors: { '&:empty': { display: 'none' } } });
export const restockError = style({ gridColumn: '1 / -1', fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });
