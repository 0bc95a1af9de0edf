import { style } from '@vanilla-extract/css';
import { space } from '../theme/contract.css';
import { countBubble } from '../ui/count-bubble.css';

export const link = style({ display: 'inline-flex', alignItems: 'center', gap: space.xxs });

export const count = countBubble;
