/** The dashboard's alerts and reviews-to-reply cards: rows of text with their actions, phone first. */
import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const list = style({ display: 'grid', gap: space.sm, listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: space.xxs,
  paddingBlockEnd: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const unread = style({ borderInlineStart: `3px solid ${vars.color.saffron}`, paddingInlineStart: space.sm });

export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, fontWeight: 700 });

export const body = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const meta = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });
