import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const wrap = style({ display: 'grid', gap: space.xs, justifyItems: 'start' });

export const box = style({
  display: 'grid',
  gap: space.xxs,
  justifySelf: 'stretch',
  padding: space.sm,
  borderRadius: radius.md,
  borderInlineStart: `4px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceAlt,
  selectors: {
    '&[data-tone="ok"]': { borderInlineStartColor: vars.color.success },
    '&[data-tone="warn"]': { borderInlineStartColor: vars.color.saffron },
    '&[data-tone="bad"]': { borderInlineStartColor: vars.color.danger },
  },
});

export const message = style({ fontWeight: 600 });
export const note = style({ fontSize: fontSize.sm, color: vars.color.textMuted, fontStyle: 'italic' });
