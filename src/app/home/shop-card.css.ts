import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '3.5rem 1fr',
  alignItems: 'center',
  columnGap: space.sm,
  rowGap: space.xxs,
  blockSize: '100%',
  padding: space.sm,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  selectors: { '&:hover, &:focus-within': { boxShadow: vars.shadow.raised } },
});

export const logo = style({
  gridRow: 'span 2',
  inlineSize: '3.5rem',
  blockSize: '3.5rem',
  borderRadius: radius.pill,
  objectFit: 'cover',
  backgroundColor: vars.color.surfaceAlt,
});

export const name = style({ fontWeight: 700, fontSize: fontSize.md, lineHeight: 1.3 });

export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, borderRadius: radius.lg },
  },
});

export const meta = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const badges = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: space.xxs });

export const address = style({ gridColumn: '1 / -1', fontSize: fontSize.xs, color: vars.color.textMuted });
