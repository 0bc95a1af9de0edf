import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';
import { field as fieldLook } from '../theme/field.css';

export const form = style({
  display: 'grid',
  gap: space.md,
  padding: space.md,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.card,
});

export const heading = style({ fontWeight: 800, fontSize: fontSize.lg });

export const field = style({ display: 'grid', gap: space.xxs });

export const label = style({ padding: 0, fontWeight: 700, fontSize: fontSize.sm });

export const input = style([fieldLook, { inlineSize: '100%', fontSize: fontSize.md }]);

export const textarea = style([fieldLook, { inlineSize: '100%', paddingBlock: space.xs, fontSize: fontSize.md, resize: 'vertical' }]);

export const error = style({ color: vars.color.danger, fontSize: fontSize.sm });

export const hint = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const offline = style({
  padding: space.sm,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
  fontSize: fontSize.sm,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });

export const stars = style({ border: 'none', margin: 0, padding: 0, minInlineSize: 0, display: 'grid', gap: space.xxs });

export const starRow = style({ display: 'flex', gap: space.xxs });

export const star = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minInlineSize: '44px',
  minBlockSize: '44px',
  fontSize: '1.75rem',
  lineHeight: 1,
  color: vars.color.border,
  cursor: 'pointer',
  borderRadius: radius.md,
  selectors: {
    '&[data-on]': { color: vars.color.saffron },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const starInput = style({ position: 'absolute', opacity: 0, inlineSize: '1px', blockSize: '1px', margin: 0 });
