import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';
import { sprinkles } from '../theme/sprinkles.css';

// A home row below the fold is not laid out or painted until it nears the viewport (content-visibility): on a first
// visit the rows' 84 cards arrive together, and laying all of them out at once was a long task of its own on a
// slow phone (issue 25). Its size until then is about a row of cards, and the one it last had once it has been shown.
export const section = style({
  marginBlockStart: space.xl,
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 30rem',
});

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
