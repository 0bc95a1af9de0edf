/** Styles of a conversation: header, status lines, the message log, bubbles and the composer. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { field } from '../theme/field.css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  gap: space.sm,
  maxInlineSize: '48rem',
  marginInline: 'auto',
  inlineSize: '100%',
  minInlineSize: 0,
});

export const head = style({ display: 'grid', gap: space.xxs, minInlineSize: 0 });

export const back = style({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '44px',
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: fontSize.sm,
  textDecoration: 'underline',
});

export const title = style({ fontSize: fontSize.xl, fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere', margin: 0 });

export const presence = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '1.5em',
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const dot = style({
  inlineSize: '0.6rem',
  blockSize: '0.6rem',
  borderRadius: radius.pill,
  backgroundColor: vars.color.success,
  flexShrink: 0,
});

export const connection = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: fontSize.sm,
});

export const log = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  blockSize: 'min(62dvh, 40rem)',
  minBlockSize: '16rem',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: space.sm,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  '@media': { [media.tablet]: { padding: space.md } },
});

export const older = style({ alignSelf: 'center' });

export const empty = style({ margin: 'auto', color: vars.color.textMuted, textAlign: 'center', fontSize: fontSize.sm });

export const day = style({ display: 'grid', gap: space.xs });

export const dayLabel = style({
  justifySelf: 'center',
  margin: 0,
  paddingInline: space.sm,
  borderRadius: radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: fontSize.xs,
  fontWeight: 600,
});

export const list = style({ display: 'grid', gap: space.xs, listStyle: 'none', padding: 0, margin: 0 });

const item = style({ display: 'grid', gap: space.xxs, minInlineSize: 0 });
export const own = style([item, { justifyItems: 'end' }]);
export const theirs = style([item, { justifyItems: 'start' }]);

const bubbleBase = style({
  display: 'grid',
  gap: space.xxs,
  maxInlineSize: '85%',
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderRadius: radius.lg,
  minInlineSize: 0,
  '@media': { [media.tablet]: { maxInlineSize: '70%' } },
});
export const ownBubble = style([
  bubbleBase,
  { backgroundColor: vars.color.primary, color: vars.color.onPrimary, borderEndEndRadius: radius.sm },
]);
export const theirBubble = style([
  bubbleBase,
  { backgroundColor: vars.color.surfaceAlt, color: vars.color.text, borderEndStartRadius: radius.sm },
]);
export const pendingBubble = style({ opacity: 0.75 });

export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.45 });

export const meta = style({ margin: 0, justifySelf: 'end', fontSize: fontSize.xs, opacity: 0.85, fontVariantNumeric: 'tabular-nums' });

export const state = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, fontSize: fontSize.xs, color: vars.color.textMuted });
export const failure = style({ margin: 0, color: vars.color.danger, fontSize: fontSize.sm, fontWeight: 600 });

export const typing = style({ minBlockSize: '1.5em', margin: 0, color: vars.color.textMuted, fontSize: fontSize.sm, fontStyle: 'italic' });

export const composer = style({ display: 'grid', gap: space.xs });

export const label = style({ fontWeight: 600, fontSize: fontSize.sm });

export const textarea = style([
  field,
  {
    inlineSize: '100%',
    minBlockSize: '4.5rem',
    maxBlockSize: '40dvh',
    paddingBlock: space.xs,
    resize: 'vertical',
    font: 'inherit',
    lineHeight: 1.45,
  },
]);

export const composerRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.xs });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.xs });

export const counter = style({ color: vars.color.textMuted, fontSize: fontSize.xs, fontVariantNumeric: 'tabular-nums' });
export const counterOver = style({ color: vars.color.danger, fontWeight: 700 });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: fontSize.sm });
