/** The reviews-to-reply card: each review, then its reply box (full width on a phone). */
import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const review = style({ display: 'grid', gap: space.xs, paddingBlockEnd: space.md, borderBlockEnd: `1px solid ${vars.color.border}` });

export const content = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });

export const textarea = style({ minBlockSize: '5rem', resize: 'vertical' });

export const count = style({ fontSize: fontSize.sm, color: vars.color.textMuted, textAlign: 'end' });
