import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';
import { sprinkles } from '../theme/sprinkles.css';

export const section = style({ marginBlockStart: space.xl });

export const head = sprinkles({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'sm',
  marginBlock: 'sm',
});

export const title = style({ fontSize: fontSize.xl, fontWeight: 800, lineHeight: 1.25 });

export const headTools = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' });

export const seeAll = style({
  fontWeight: 700,
  fontSize: fontSize.sm,
  color: vars.color.primary,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
