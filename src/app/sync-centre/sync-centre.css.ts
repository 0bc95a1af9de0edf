import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: space.lg, maxInlineSize: '52rem', marginInline: 'auto', inlineSize: '100%' });
export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });
export const intro = style({ color: vars.color.textMuted });
export const section = style({ display: 'grid', gap: space.sm });
export const sectionTitle = style({ fontSize: fontSize.lg, fontWeight: 800 });
export const list = style({ display: 'grid', gap: space.xs });
export const none = style({ fontSize: fontSize.sm, color: vars.color.textMuted });

export const entry = style({
  display: 'grid',
  gap: space.xxs,
  padding: space.sm,
  backgroundColor: vars.color.surface,
  borderRadius: radius.md,
  boxShadow: vars.shadow.card,
  borderInlineStart: `4px solid ${vars.color.border}`,
  selectors: {
    '&[data-state="failed"]': { borderInlineStartColor: vars.color.danger },
    '&[data-state="done"]': { borderInlineStartColor: vars.color.success },
  },
});
export const entryHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.xs });
export const what = style({ fontWeight: 700 });
export const meta = style({ fontSize: fontSize.xs, color: vars.color.textMuted });
export const reason = style({ fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, marginBlockStart: space.xxs });
