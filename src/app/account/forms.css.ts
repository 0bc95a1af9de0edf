/** The account forms: a single column on phones, two columns for short fields from tablet width. */
import { style } from '@vanilla-extract/css';
import { field as fieldLook } from '../theme/field.css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const form = style({ display: 'grid', gap: space.md });

export const fieldset = style({
  display: 'grid',
  gap: space.md,
  border: 'none',
  padding: 0,
  margin: 0,
  minInlineSize: 0,
});

export const grid = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const field = style({ display: 'grid', gap: space.xxs, alignContent: 'start' });

export const label = style({ fontWeight: 600, fontSize: fontSize.sm });
export const optional = style({ fontWeight: 400, color: vars.color.textMuted });

export const control = style([fieldLook, { inlineSize: '100%', fontSize: fontSize.md }]);

export const invalid = style({ borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` });

export const hint = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const error = style({ fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  minBlockSize: '44px',
  cursor: 'pointer',
});

export const checkbox = style({ inlineSize: '1.25rem', blockSize: '1.25rem', flexShrink: 0, accentColor: vars.color.primary });

export const checkText = style({ display: 'grid' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

const notice = style({
  paddingBlock: space.sm,
  paddingInline: space.md,
  borderRadius: radius.md,
  borderInlineStart: '4px solid',
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.text,
});
export const success = style([notice, { borderInlineStartColor: vars.color.success }]);
export const failure = style([notice, { borderInlineStartColor: vars.color.danger }]);
export const info = style([notice, { borderInlineStartColor: vars.color.saffron }]);
