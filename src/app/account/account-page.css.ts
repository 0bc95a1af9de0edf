import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const details = style({
  display: 'grid',
  gap: space.sm,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'max-content 1fr', columnGap: space.lg } },
});

export const term = style({ color: vars.color.textMuted, fontSize: fontSize.sm });
export const value = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.xs,
  overflowWrap: 'anywhere',
  marginBlockEnd: space.xs,
  '@media': { [media.tablet]: { marginBlockEnd: 0 } },
});

export const inlineLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  color: vars.color.primary,
  fontWeight: 600,
});

export const links = style({
  display: 'grid',
  gap: space.sm,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  padding: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const linkCard = style({
  display: 'grid',
  gap: space.xxs,
  minBlockSize: '44px',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const linkTitle = style({ fontWeight: 700 });
export const linkText = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const footer = style({ display: 'flex', justifyContent: 'flex-start' });
