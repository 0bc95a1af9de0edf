/** Colours of the generated pictures: deep kaftan tones per product colour, plus accents. */
import type { Color } from '../../domain/catalog';

export interface Tone {
  /** Main fabric colour. */
  base: string;
  /** Darker shade for folds and shadows. */
  shade: string;
  /** Lighter sheen. */
  light: string;
  /** Trim / embroidery colour that suits the base. */
  trim: string;
}

export const TONES: Record<Color, Tone> = {
  black: { base: '#23202b', shade: '#0f0d14', light: '#4a4458', trim: '#d4a843' },
  white: { base: '#f3ede1', shade: '#d8cdb8', light: '#fffaf1', trim: '#b8862b' },
  red: { base: '#a3161f', shade: '#6e0c14', light: '#d8434a', trim: '#e9c46a' },
  blue: { base: '#1f3f99', shade: '#132866', light: '#4a6fd1', trim: '#f1d18a' },
  green: { base: '#17694d', shade: '#0c4331', light: '#3a9b76', trim: '#f0c75e' },
  yellow: { base: '#d8a019', shade: '#a47409', light: '#f2c84b', trim: '#7a2e1d' },
};

/** Background washes (walls, tiles) the pictures are set against. */
export const BACKDROPS = ['#f6efe4', '#efe3d0', '#e8f0ee', '#f3e6e1', '#ece8f3', '#f4ecd8'] as const;
/** Zellige tile colours. */
export const ZELLIGE = ['#1b6b5c', '#2c4f9e', '#b8432f', '#d9a32b', '#20303f', '#f5f1e8'] as const;

export function pick<T>(items: readonly T[], n: number): T {
  return items[((n % items.length) + items.length) % items.length] as T;
}
