/** The console's pieces: the section navigation, filter bars, rows of objects with their actions, and forms. */
import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';


export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'end' });

export const field = style({ display: 'grid', gap: space.xxs, minInlineSize: 0, flex: '1 1 10rem' });

export const label = style({ fontSize: fontSize.sm, fontWeight: 600 });

export const input = style({
  minBlockSize: '44px',
  paddingInline: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: fontSize.md,
  inlineSize: '100%',
});

export const textarea = style([input, { minBlockSize: '6rem', paddingBlock: space.xs, resize: 'vertical' }]);

export const list = style({ display: 'grid', gap: space.md, listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
});

export const itemTitle = style({ fontSize: fontSize.lg, fontWeight: 700, overflowWrap: 'anywhere' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${space.xxs} ${space.sm}`,
  margin: 0,
  fontSize: fontSize.sm,
  overflowWrap: 'anywhere',
});

export const term = style({ color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

export const muted = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const note = style({ fontSize: fontSize.sm, fontWeight: 600, color: vars.color.primary });

/** A wide table scrolls sideways inside its card (`contain`: it never widens the page). */
export const tableWrap = style({ overflowX: 'auto', contain: 'inline-size' });

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: fontSize.sm });

export const cell = style({ paddingBlock: space.xs, paddingInline: space.xs, borderBlockEnd: `1px solid ${vars.color.border}`, textAlign: 'start' });

export const amount = style([cell, { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);

export const pre = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: fontSize.sm, margin: 0 });
