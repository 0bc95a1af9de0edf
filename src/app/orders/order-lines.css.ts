import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const lines = style({ display: 'grid', gap: space.sm, listStyle: 'none', padding: 0, margin: 0 });

export const line = style({
  display: 'grid',
  gridTemplateColumns: '4rem minmax(0, 1fr) auto',
  gap: space.sm,
  alignItems: 'center',
});

export const thumb = style({ inlineSize: '4rem', borderRadius: radius.md, overflow: 'hidden' });
export const info = style({ display: 'grid', gap: '2px', minInlineSize: 0 });
export const name = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const meta = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const price = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
