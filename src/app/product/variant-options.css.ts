import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const group = style({ border: 'none', margin: 0, padding: 0, minInlineSize: 0, display: 'grid', gap: space.xs });
export const legend = style({ padding: 0, fontWeight: 700, fontSize: fontSize.sm, marginBlockEnd: space.xs });
export const chosen = style({ fontWeight: 400, color: vars.color.textMuted });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });
export const option = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  minInlineSize: '44px',
  justifyContent: 'center',
  paddingInline: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  fontSize: fontSize.sm,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}`, fontWeight: 700 },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-dead-end="true"]': { color: vars.color.textMuted, textDecoration: 'line-through' },
  },
});
export const input = style({ position: 'absolute', opacity: 0, inlineSize: '1px', blockSize: '1px', margin: 0 });
export const swatch = style({ inlineSize: '1rem', blockSize: '1rem', borderRadius: radius.pill, border: `1px solid ${vars.color.border}` });
