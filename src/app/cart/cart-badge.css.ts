import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme/contract.css';
import { countBubble } from '../ui/count-bubble.css';

export const link = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minBlockSize: '44px',
  minInlineSize: '44px',
  borderRadius: radius.pill,
  color: vars.color.text,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
    '&[aria-current="page"]': { color: vars.color.primary },
  },
});

export const count = style([
  countBubble,
  {
    position: 'absolute',
    insetBlockStart: '2px',
    insetInlineEnd: '0',
  },
]);
