/** Small text styles the list and detail pages share (orders, community): a muted line, a card title, a text link. */
import { style } from '@vanilla-extract/css';
import { fontSize, vars } from '../theme/contract.css';

export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const cardTitle = style({ fontSize: fontSize.lg, fontWeight: 700 });

/** An underlined link in running content, as tall as a touch target. */
export const inlineLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: fontSize.sm,
  textDecoration: 'underline',
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
});
