import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  gap: space.lg,
  maxInlineSize: '52rem',
  marginInline: 'auto',
  inlineSize: '100%',
});

export const head = style({ display: 'grid', gap: space.xs });

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: fontSize.sm,
  justifySelf: 'start',
});

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const intro = style({ color: vars.color.textMuted });

export const card = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: space.lg } },
});

export const cardTitle = style({ fontSize: fontSize.lg, fontWeight: 700 });
