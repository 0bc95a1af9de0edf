/** The sign-in pages: one centred card on a phone, a wider one from tablets up. Logical properties only. */
import { style } from '@vanilla-extract/css';
import { field } from '../theme/field.css';
import { fontSize, media, radius, space, vars } from '../theme/contract.css';

export const page = style({
  display: 'grid',
  justifyItems: 'center',
  paddingBlock: space.lg,
  paddingInline: space.md,
});

export const card = style({
  display: 'grid',
  gap: space.md,
  inlineSize: '100%',
  maxInlineSize: '28rem',
  padding: space.lg,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: space.xl } },
});

export const title = style({ fontSize: fontSize.xxl, fontWeight: 800, lineHeight: 1.2 });

export const intro = style({ color: vars.color.textMuted, fontSize: fontSize.sm });

export const form = style({ display: 'grid', gap: space.md });

export const row = style({
  display: 'grid',
  gap: space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const fieldGroup = style({ display: 'grid', gap: space.xxs });

export const label = style({ fontWeight: 600, fontSize: fontSize.sm });

export const optional = style({ fontWeight: 400, color: vars.color.textMuted, marginInlineStart: space.xxs });

export const input = style([
  field,
  {
    inlineSize: '100%',
    fontSize: fontSize.md,
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    },
  },
]);

export const hint = style({ fontSize: fontSize.xs, color: vars.color.textMuted });

export const fieldError = style({ fontSize: fontSize.sm, color: vars.color.danger, fontWeight: 600 });

export const formError = style({
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  backgroundColor: vars.color.surface,
  fontWeight: 600,
  fontSize: fontSize.sm,
});

/** A note above the form (the login page's queued writes from the last session). */
export const notice = style({
  padding: space.sm,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  fontSize: fontSize.sm,
});

export const switchLine = style({ fontSize: fontSize.sm, color: vars.color.textMuted, textAlign: 'center' });

export const link = style({
  color: vars.color.primary,
  fontWeight: 700,
  marginInlineStart: space.xxs,
  display: 'inline-block',
  paddingBlock: space.xs,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  color: vars.color.textMuted,
  fontSize: fontSize.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderBlockStart: `1px solid ${vars.color.border}` },
  },
});

export const google = style({ display: 'grid', justifyItems: 'center', gap: space.xs, minBlockSize: '44px' });

export const googleNote = style({ fontSize: fontSize.xs, color: vars.color.textMuted, textAlign: 'center' });

export const googleSlot = style({ inlineSize: '100%', display: 'grid', justifyItems: 'center', minBlockSize: '44px' });
