import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';
import { field } from '../theme/field.css';

export const form = style({ display: 'grid', gap: space.lg });

export const group = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minInlineSize: 0,
  display: 'grid',
  gap: space.xs,
});

export const legend = style({ padding: 0, fontWeight: 700, fontSize: fontSize.sm, marginBlockEnd: space.xs });

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

/** A checkbox drawn as a pill; the real input stays focusable and visible to assistive tech. */
export const pill = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '40px',
  paddingInline: space.sm,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  fontSize: fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, backgroundColor: vars.color.surfaceAlt, fontWeight: 700 },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const hiddenInput = style({
  position: 'absolute',
  opacity: 0,
  inlineSize: '1px',
  blockSize: '1px',
  margin: 0,
});

export const swatch = style({
  inlineSize: '1rem',
  blockSize: '1rem',
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
});

export const check = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '40px',
  cursor: 'pointer',
});

export const checkbox = style({ inlineSize: '1.2rem', blockSize: '1.2rem', accentColor: vars.color.primary });

export const priceRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: space.sm });

export const priceLabel = style({ display: 'grid', gap: space.xxs, fontSize: fontSize.sm, color: vars.color.textMuted });

export const priceInput = style([field, { inlineSize: '100%' }]);
