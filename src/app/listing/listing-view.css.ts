import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';
import { field } from '../theme/field.css';

export const layout = style({
  display: 'grid',
  gap: space.lg,
  '@media': { [media.desktop]: { gridTemplateColumns: '16rem minmax(0, 1fr)', alignItems: 'start' } },
});

export const sidebar = style({
  display: 'none',
  '@media': {
    [media.desktop]: {
      display: 'block',
      position: 'sticky',
      insetBlockStart: '8.5rem',
      maxBlockSize: 'calc(100dvh - 9.5rem)',
      overflowY: 'auto',
      padding: space.md,
      backgroundColor: vars.color.surface,
      borderRadius: radius.lg,
      boxShadow: vars.shadow.card,
    },
  },
});

export const sidebarTitle = style({ fontSize: fontSize.lg, fontWeight: 800, marginBlockEnd: space.md });

export const results = style({ display: 'grid', gap: space.md, minInlineSize: 0 });

export const heading = style({ display: 'grid', gap: space.xxs });

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const count = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
});

export const filterButton = style({ '@media': { [media.desktop]: { display: 'none' } } });

export const sort = style({ display: 'flex', alignItems: 'center', gap: space.xs, marginInlineStart: 'auto', minInlineSize: 0 });

/** Visible from tablet up; on phones the select's own value says it all (the label stays for screen readers). */
export const sortLabel = style({
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  '@media': {
    'screen and (max-width: 639px)': {
      position: 'absolute',
      inlineSize: '1px',
      blockSize: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const select = style([field, { maxInlineSize: '100%', fontSize: fontSize.sm }]);

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: space.sm,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: space.md },
    [media.wide]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });

export const pagination = style({ display: 'grid', justifyItems: 'center', gap: space.xs, marginBlockStart: space.md });

export const pageInfo = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const pages = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: space.xxs });

export const pageLink = style({
  display: 'inline-grid',
  placeItems: 'center',
  minInlineSize: '44px',
  minBlockSize: '44px',
  paddingInline: space.xs,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:hover:not([aria-current="page"])': { backgroundColor: vars.color.surfaceAlt },
  },
});

export const gap = style({ display: 'inline-grid', placeItems: 'center', minInlineSize: '24px', color: vars.color.textMuted });
