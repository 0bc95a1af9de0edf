/** The small round count beside a header link (cart lines, unread messages). */
import { style } from '@vanilla-extract/css';
import { radius, vars } from '../theme/contract.css';

export const countBubble = style({
  minInlineSize: '1.25rem',
  blockSize: '1.25rem',
  paddingInline: '0.25rem',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: radius.pill,
  backgroundColor: vars.color.terracotta,
  color: vars.color.onTerracotta,
  fontSize: '0.7rem',
  fontWeight: 800,
  lineHeight: 1,
});
