/** The list pages' search box and their labelled fields (shops, orders, community). Logical properties only. */
import { style } from '@vanilla-extract/css';
import { fontSize, space } from '../theme/contract.css';
import { field } from '../theme/field.css';

export const searchForm = style({ display: 'grid', gap: space.xxs });
export const searchRow = style({ display: 'flex', gap: space.xs });
export const label = style({ fontWeight: 700, fontSize: fontSize.sm });
export const input = style([field, { inlineSize: '100%', minInlineSize: 0, fontSize: fontSize.md }]);
