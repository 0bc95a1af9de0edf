/** /contact: a narrow column (the intro, the support languages, the form). */
import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  gap: space.lg,
  maxInlineSize: '48rem',
  marginInline: 'auto',
  paddingBlock: space.xl,
});

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800 });
export const intro = style({ color: vars.color.textMuted });
export const wrap = style({ display: 'grid', gap: space.md, justifyItems: 'start' });
