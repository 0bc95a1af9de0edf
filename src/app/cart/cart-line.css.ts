import { style } from '@vanilla-extract/css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const line = style({
  display: 'grid',
  gridTemplateColumns: '5.5rem minmax(0, 1fr)',
  gap: space.sm,
  padding: space.sm,
  backgroundColor: vars.color.surface,
  borderRadius: radius.lg,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { gridTemplateColumns: '7rem minmax(0, 1fr)', padding: space.md } },
  selectors: { '&[data-pending="true"]': { outline: `1px dashed ${vars.color.border}` } },
});

export const picture = style({ borderRadius: radius.md, overflow: 'hidden', alignSelf: 'start' });

export const body = style({ display: 'grid', gap: space.xxs, alignContent: 'start' });

export const name = style({ fontWeight: 700, color: vars.color.text, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } });

export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, fontSize: fontSize.sm, color: vars.color.textMuted });

export const prices = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: space.sm });
export const unit = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const total = style({ fontWeight: 800 });

export const controls = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space.sm, marginBlockStart: space.xs });

export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: space.xxs });
export const input = style({
  inlineSize: '3.75rem',
  minBlockSize: '44px',
  textAlign: 'center',
  fontSize: fontSize.md,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
});

export const note = style({ fontSize: fontSize.sm, color: vars.color.textMuted });
export const warn = style({ fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });
export const mark = style({ justifySelf: 'start' });
