import { style } from '@vanilla-extract/css';
import { media, radius, space, vars } from '../theme/contract.css';

export const banner = style({
  position: 'fixed',
  insetInline: space.md,
  insetBlockEnd: space.md,
  zIndex: 50,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space.sm,
  padding: space.md,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  '@media': {
    [media.tablet]: { insetInlineStart: 'auto', maxInlineSize: '28rem' },
  },
});

export const message = style({ flex: '1 1 12rem', fontWeight: 600 });
