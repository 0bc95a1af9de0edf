/**
 * One theme contract, two themes. The theme is chosen by `data-theme` on <html>
 * (light | dark); without it the system preference decides, so the page is
 * right before any JavaScript runs (public/boot.js sets data-theme from the
 * cookie before first paint).
 */
import { assignVars, createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { darkPalette, lightPalette, type Palette } from './palette';

const colorShape: Record<keyof Palette, null> = {
  bg: null,
  surface: null,
  surfaceAlt: null,
  text: null,
  textMuted: null,
  border: null,
  primary: null,
  primaryHover: null,
  onPrimary: null,
  saffron: null,
  onSaffron: null,
  terracotta: null,
  onTerracotta: null,
  mint: null,
  onMint: null,
  danger: null,
  success: null,
  star: null,
  focus: null,
  overlay: null,
};

export const vars = createThemeContract({
  color: colorShape,
  shadow: { card: null, raised: null },
});

const lightTheme = {
  color: lightPalette,
  shadow: {
    card: '0 1px 2px rgba(42, 30, 22, 0.08), 0 2px 8px rgba(42, 30, 22, 0.06)',
    raised: '0 8px 28px rgba(42, 30, 22, 0.18)',
  },
};
const darkTheme = {
  color: darkPalette,
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.5)',
    raised: '0 8px 28px rgba(0, 0, 0, 0.6)',
  },
};

createGlobalTheme(':root, :root[data-theme="light"]', vars, lightTheme);
createGlobalTheme(':root[data-theme="dark"]', vars, darkTheme);

globalStyle(':root:not([data-theme])', {
  '@media': {
    '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTheme) },
  },
});
globalStyle(':root', { colorScheme: 'light dark' });
globalStyle(':root[data-theme="light"]', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });

/** Theme-independent tokens (plain values: they never change with the theme). */
export const space = {
  none: '0',
  xxs: '0.25rem',
  xs: '0.5rem',
  sm: '0.75rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
} as const;

export const radius = { sm: '6px', md: '10px', lg: '16px', pill: '999px' } as const;

export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  xxl: 'clamp(1.5rem, 4vw, 2.25rem)',
} as const;

export const breakpoints = { tablet: 640, desktop: 1024, wide: 1400 } as const;
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  wide: `screen and (min-width: ${breakpoints.wide}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, "DejaVu Sans", sans-serif';
