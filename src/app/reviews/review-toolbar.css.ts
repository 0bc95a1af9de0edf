import { style } from '@vanilla-extract/css';
import { fontSize, space } from '../theme/contract.css';
import { field as fieldLook } from '../theme/field.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: space.sm });

export const field = style({ display: 'grid', gap: space.xxs, flex: '1 1 9rem' });

export const label = style({ fontWeight: 700, fontSize: fontSize.sm });

export const select = style([fieldLook, { inlineSize: '100%', fontSize: fontSize.sm }]);
