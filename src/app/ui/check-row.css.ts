import { style } from '@vanilla-extract/css';
import { space, vars } from '../theme/contract.css';

export const check = style({ display: 'flex', alignItems: 'center', gap: space.xs, minBlockSize: '44px', cursor: 'pointer' });

export const checkbox = style({ inlineSize: '1.2rem', blockSize: '1.2rem', accentColor: vars.color.primary });
