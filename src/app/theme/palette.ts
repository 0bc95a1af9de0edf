/**
 * Raw colour values of the two themes. The theme contract (contract.css.ts) maps
 * them onto CSS variables; tests/app/theme-contrast.test.ts checks that every
 * text/background pair used by the UI reaches WCAG AA (4.5:1).
 *
 * Warm Moroccan palette: majorelle blue, saffron, terracotta, mint, on sand.
 */
export interface Palette {
  /** Page background. */
  bg: string;
  /** Cards, header, panels. */
  surface: string;
  /** Subtle fills: skeletons, chips, hover. */
  surfaceAlt: string;
  text: string;
  textMuted: string;
  border: string;
  /** Majorelle blue: links, primary buttons, focus. */
  primary: string;
  primaryHover: string;
  onPrimary: string;
  /** Saffron: highlight badges, stars. */
  saffron: string;
  onSaffron: string;
  /** Terracotta: discounts, hero accents. */
  terracotta: string;
  onTerracotta: string;
  /** Mint: express delivery, success. */
  mint: string;
  onMint: string;
  danger: string;
  success: string;
  /** Star fill (decorative, 3:1 is enough for graphics). */
  star: string;
  focus: string;
  overlay: string;
}

export const lightPalette: Palette = {
  bg: '#fbf6ee',
  surface: '#ffffff',
  surfaceAlt: '#f3eadc',
  text: '#2a1e16',
  textMuted: '#5f4b3c',
  border: '#e2d4c0',
  primary: '#3b33b8',
  primaryHover: '#2c2592',
  onPrimary: '#ffffff',
  saffron: '#f4c430',
  onSaffron: '#2a1e16',
  terracotta: '#a8401f',
  onTerracotta: '#ffffff',
  mint: '#cdebdd',
  onMint: '#17513c',
  danger: '#b3261e',
  success: '#1e6b4f',
  star: '#c98a00',
  focus: '#3b33b8',
  overlay: 'rgba(26, 18, 12, 0.55)',
};

export const darkPalette: Palette = {
  bg: '#15110e',
  surface: '#1f1915',
  surfaceAlt: '#2c241e',
  text: '#f5ecdf',
  textMuted: '#c7b6a3',
  border: '#41352c',
  primary: '#a9b0ff',
  primaryHover: '#c6cbff',
  onPrimary: '#15110e',
  saffron: '#f4c430',
  onSaffron: '#15110e',
  terracotta: '#ec8a63',
  onTerracotta: '#15110e',
  mint: '#24503f',
  onMint: '#d7f5e8',
  danger: '#ff8a80',
  success: '#7fd8b0',
  star: '#f4c430',
  focus: '#c6cbff',
  overlay: 'rgba(0, 0, 0, 0.65)',
};

/** Text colour on background colour pairs the UI actually uses. */
export const TEXT_PAIRS: ReadonlyArray<readonly [keyof Palette, keyof Palette]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surfaceAlt'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceAlt'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onSaffron', 'saffron'],
  ['onTerracotta', 'terracotta'],
  ['terracotta', 'surface'],
  ['onMint', 'mint'],
  ['danger', 'surface'],
  ['success', 'surface'],
];

function channel(hex: string, offset: number): number {
  const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
