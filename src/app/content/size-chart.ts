/**
 * Body measurements per size (spec §9: XS to XXL) for traditional wear, in centimetres; length is the
 * garment's length from the shoulder to the hem. Children's sizes also give the usual age.
 */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

export const MEASURES = ['chest', 'waist', 'hip', 'length'] as const;
export type Measure = (typeof MEASURES)[number];

export interface SizeRow {
  size: Size;
  /** Centimetres per measure. */
  cm: Record<Measure, number>;
  /** Children only: the usual age range in years. */
  age?: { from: number; to: number };
}

export const SIZE_GROUPS = ['women', 'men', 'children'] as const;
export type SizeGroup = (typeof SIZE_GROUPS)[number];

/** [chest, waist, hip, length] per size, XS to XXL. */
type Grid = readonly (readonly [number, number, number, number])[];

function rows(grid: Grid, ages?: readonly (readonly [number, number])[]): SizeRow[] {
  return SIZES.map((size, i) => {
    const [chest, waist, hip, length] = grid[i] ?? [0, 0, 0, 0];
    const age = ages?.[i];
    return { size, cm: { chest, waist, hip, length }, ...(age ? { age: { from: age[0], to: age[1] } } : {}) };
  });
}

export const SIZE_CHART: Record<SizeGroup, SizeRow[]> = {
  women: rows([
    [80, 62, 88, 140],
    [86, 68, 94, 142],
    [92, 74, 100, 144],
    [98, 80, 106, 146],
    [106, 88, 114, 148],
    [114, 96, 122, 150],
  ]),
  men: rows([
    [86, 72, 88, 135],
    [92, 78, 94, 138],
    [100, 86, 102, 141],
    [108, 94, 110, 144],
    [116, 102, 118, 147],
    [124, 110, 126, 150],
  ]),
  children: rows(
    [
      [56, 52, 60, 75],
      [62, 56, 66, 85],
      [68, 60, 72, 95],
      [74, 64, 78, 105],
      [80, 68, 84, 115],
      [86, 72, 90, 125],
    ],
    [
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 11],
      [12, 13],
      [14, 15],
    ],
  ),
};
