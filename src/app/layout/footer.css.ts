import { style } from '@vanilla-extract/css';
import { fontSize, media, space, vars } from '../theme/contract.css';

export const footer = style({
  marginBlockStart: space.xxl,
  backgroundColor: vars.color.surface,
  borderBlockStart: `4px solid ${vars.color.saffron}`,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
});

export const inner = style({
  display: 'grid',
  gap: space.lg,
  maxInlineSize: '1280px',
  marginInline: 'auto',
  paddingBlock: space.xl,
  paddingInline: space.md,
  '@media': {
    [media.tablet]: { gridTemplateColumns: '1fr 1fr' },
    [media.desktop]: { gridTemplateColumns: '2fr 1fr 1fr 1fr 1.5fr' },
  },
});

export const brand = style({ color: vars.color.text, fontWeight: 800, fontSize: fontSize.lg });
export const heading = style({ color: vars.color.text, fontWeight: 700, fontSize: fontSize.sm, marginBlockEnd: space.xs });
export const list = style({ display: 'grid', gap: space.xxs });
export const legal = style({
  gridColumn: '1 / -1',
  paddingBlockStart: space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});
export const link = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'underline' });
