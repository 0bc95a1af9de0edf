/** Attachments: the composer's attach control and chosen files, and a message's pictures and files. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';
import { visuallyHidden } from '../theme/global.css';

// --- The composer.

export const picker = style({ display: 'grid', gap: space.xs });

export const pickerRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });

/** The file input stays in the tab order (Space or Enter opens the picker); its label is the visible button. */
export const fileInput = style([visuallyHidden]);

export const attach = style({
  selectors: {
    [`${fileInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${fileInput}:disabled + &`]: { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: fontSize.xs });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, listStyle: 'none', padding: 0, margin: 0 });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xxs,
  maxInlineSize: '100%',
  minInlineSize: 0,
  paddingInlineStart: space.sm,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceAlt,
  fontSize: fontSize.sm,
});

export const chipName = style({ minInlineSize: 0, maxInlineSize: '14rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const chipSize = style({ color: vars.color.textMuted, fontSize: fontSize.xs, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: fontSize.sm });

// --- A message.

/** Pictures side by side, then one file per line. */
export const list = style({ display: 'flex', flexWrap: 'wrap', gap: space.xxs, listStyle: 'none', padding: 0, margin: 0, minInlineSize: 0 });

export const thumbLink = style({ display: 'block', borderRadius: radius.md, overflow: 'hidden', lineHeight: 0 });

export const thumb = style({
  display: 'block',
  inlineSize: '10rem',
  maxInlineSize: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  backgroundColor: vars.color.surface,
});

export const fileItem = style({ flexBasis: '100%', minInlineSize: 0 });

export const fileLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  color: 'inherit',
  fontSize: fontSize.sm,
  textDecoration: 'none',
});

export const fileName = style({ textDecoration: 'underline', overflowWrap: 'anywhere' });

export const fileMeta = style({ fontSize: fontSize.xs, opacity: 0.85, whiteSpace: 'nowrap' });
