/** Variant styles shared across the app: buttons and badges. */
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { fontSize, radius, space, vars } from './contract.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: space.xs,
    minBlockSize: '44px',
    paddingInline: space.md,
    borderRadius: radius.md,
    border: '1px solid transparent',
    fontWeight: 600,
    fontSize: fontSize.sm,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: 'background-color 120ms ease, transform 120ms ease, border-color 120ms ease',
    selectors: {
      '&:active:not(:disabled)': { transform: 'scale(0.98)' },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    tone: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.primaryHover } },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt } },
      },
      success: {
        backgroundColor: vars.color.mint,
        color: vars.color.onMint,
      },
    },
    size: {
      sm: { minBlockSize: '36px', paddingInline: space.sm },
      md: {},
      icon: { minBlockSize: '44px', minInlineSize: '44px', paddingInline: 0, borderRadius: radius.pill },
    },
    block: { true: { inlineSize: '100%' } },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});
export type ButtonVariants = RecipeVariants<typeof button>;

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: space.xxs,
    paddingInline: space.xs,
    paddingBlock: '2px',
    borderRadius: radius.pill,
    fontSize: fontSize.xs,
    fontWeight: 700,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      discount: { backgroundColor: vars.color.terracotta, color: vars.color.onTerracotta },
      express: { backgroundColor: vars.color.mint, color: vars.color.onMint },
      highlight: { backgroundColor: vars.color.saffron, color: vars.color.onSaffron },
      neutral: { backgroundColor: vars.color.surfaceAlt, color: vars.color.text },
      muted: { backgroundColor: vars.color.text, color: vars.color.surface },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
export type BadgeVariants = RecipeVariants<typeof badge>;
