import { style } from '@vanilla-extract/css';
import { space } from '../theme/contract.css';

/** The status filter and Refresh on one line, wrapping on narrow phones. */
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: space.sm });
export const filter = style({ flex: '1 1 12rem', minInlineSize: 0 });
