/**
 * Facet values (colours, sizes, fabrics) are stored per product as bit masks:
 * bit i stands for the i-th value of the constant list in src/domain/catalog.ts.
 * "Any of these colours" is then `(colors_mask & wanted) <> 0` on both dialects.
 */
import { COLORS, FABRICS, SIZES } from '../../domain/catalog';

export type FacetName = 'colors' | 'sizes' | 'fabrics';

export const FACET_VALUES = {
  colors: COLORS,
  sizes: SIZES,
  fabrics: FABRICS,
} as const satisfies Record<FacetName, readonly string[]>;

export type FacetValue<F extends FacetName> = (typeof FACET_VALUES)[F][number];

export function facetMask<F extends FacetName>(facet: F, values: readonly FacetValue<F>[]): number {
  const all: readonly string[] = FACET_VALUES[facet];
  let mask = 0;
  for (const v of values) {
    const bit = all.indexOf(v);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask;
}

/** The values whose bits are set, in the constant list's order. */
export function facetValues<F extends FacetName>(facet: F, mask: number): FacetValue<F>[] {
  const all = FACET_VALUES[facet] as readonly FacetValue<F>[];
  return all.filter((_, bit) => (mask & (1 << bit)) !== 0);
}
