import { style } from '@vanilla-extract/css';
import { fontSize, space, vars } from '../theme/contract.css';

export const section = style({
  display: 'grid',
  gap: space.md,
  marginBlockStart: space.xl,
  paddingBlockStart: space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const title = style({ fontSize: fontSize.xl, fontWeight: 800 });

export const notice = style({ fontWeight: 600, color: vars.color.text });

export const list = style({ display: 'grid' });

export const stale = style({ opacity: 0.6, transition: 'opacity 150ms ease' });

export const pager = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: space.sm, fontSize: fontSize.sm });
