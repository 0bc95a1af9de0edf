import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

/** The update banner's place (inline-end on wider screens); the banner hides while an update waits. */
export const banner = style({
  position: 'fixed',
  insetInline: space.md,
  insetBlockEnd: space.md,
  zIndex: 40,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.sm,
  padding: space.md,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.raised,
  '@media': {
    [media.tablet]: { insetInlineStart: 'auto', maxInlineSize: '26rem' },
  },
});

export const text = style({ flex: '1 1 14rem', display: 'grid', gap: space.xs });

export const heading = style({ margin: 0, fontSize: '1rem', fontWeight: 700 });

export const body = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginInlineStart: 'auto' });
