import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const item = style({
  display: 'grid',
  gap: space.xs,
  paddingBlock: space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const title = style({ fontWeight: 700, fontSize: fontSize.md });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.xs,
  fontSize: fontSize.sm,
  color: vars.color.textMuted,
});

export const content = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const images = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

export const image = style({
  inlineSize: '5rem',
  blockSize: '5rem',
  objectFit: 'cover',
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
});

/** The shop's reply: set in under the review, marked on the reading side's start. */
export const reply = style({
  display: 'grid',
  gap: space.xxs,
  marginInlineStart: space.md,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderInlineStart: `3px solid ${vars.color.primary}`,
  backgroundColor: vars.color.surfaceAlt,
  borderRadius: radius.md,
});

export const replyHead = style({ fontWeight: 700, fontSize: fontSize.sm });

export const reactions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });

export const muted = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const error = style({ flexBasis: '100%', color: vars.color.danger, fontSize: fontSize.sm });
