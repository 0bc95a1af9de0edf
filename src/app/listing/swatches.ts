import type { Color } from '../../domain/catalog';

/** Swatch colours for the colour filter (decorative: the label carries the name). */
export const SWATCH: Record<Color, string> = {
  black: '#1b1b1b',
  white: '#ffffff',
  red: '#c0392b',
  blue: '#2e4fb8',
  green: '#2e8b57',
  yellow: '#f4c430',
};
