/** The footer's newsletter block: the email field and its button on one row, wrapping on narrow screens. */
import { style } from '@vanilla-extract/css';
import { field as fieldLook } from '../theme/field.css';
import { fontSize, space, vars } from '../theme/contract.css';

export const block = style({ display: 'grid', gap: space.xs, alignContent: 'start' });
export const heading = style({ color: vars.color.text, fontWeight: 700, fontSize: fontSize.sm });
export const form = style({ display: 'grid', gap: space.xxs });
export const label = style({ color: vars.color.text, fontWeight: 600, fontSize: fontSize.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs });
export const input = style([fieldLook, { flex: '1 1 12rem', minInlineSize: 0, minBlockSize: '44px' }]);
export const invalid = style({ borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` });
export const error = style({ color: vars.color.danger, fontWeight: 600 });
export const success = style({ color: vars.color.success, fontWeight: 600 });
export const note = style({ color: vars.color.textMuted });
