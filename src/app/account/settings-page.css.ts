import { style } from '@vanilla-extract/css';
import { fontSize, radius, space, vars } from '../theme/contract.css';

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: space.xs, border: 'none', padding: 0, margin: 0 });

export const legend = style({ fontWeight: 600, fontSize: fontSize.sm, marginBlockEnd: space.xs });

export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  paddingInline: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ accentColor: vars.color.primary, inlineSize: '1.125rem', blockSize: '1.125rem' });

export const languageField = style({ display: 'grid', gap: space.xxs, justifyItems: 'start' });
