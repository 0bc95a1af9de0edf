import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export { input, label } from '../ui/search-form.css';

export const page = style({ display: 'grid', gap: space.md });

export const head = style({ display: 'grid', gap: space.xxs });

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const count = style({ color: vars.color.textMuted, fontSize: fontSize.sm, minBlockSize: '1.3em' });

export const filters = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)', alignItems: 'end' } },
});

export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minInlineSize: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  gap: space.sm,
});

export const legend = style({
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const filterRow = style({ display: 'grid', gap: space.xxs, flex: '1 1 12rem' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space.sm,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: space.md },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });

export const clearLink = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.primary,
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
  minBlockSize: '44px',
});
