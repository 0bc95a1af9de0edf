/**
 * What the demo products are made from, per garment kind: the nouns and details their names are composed of
 * (garment-nouns.ts, garment-details.ts), the sentence their description opens with (garment-blurbs.ts), and
 * their price range, sizes and fabrics. The words are in the six languages (garment-words.ts). The order and
 * length of every list is what the seed draws from: changing either changes the whole demo catalogue.
 */
import type { Fabric, Size } from '../../domain/catalog';
import type { GarmentKind } from './category-data';
import { GARMENT_BLURBS } from './garment-blurbs';
import {
  AAKAD,
  AMBER_STONES,
  BELTED_WAIST,
  BRASS_BUCKLE,
  CORAL_BEADS,
  EMBROIDERED_CUFFS,
  ENAMEL_INLAY,
  FASSI_EMBROIDERY,
  GOLD_THREAD,
  HAND_EMBROIDERY,
  MATCHING_TROUSERS,
  MDAMA_BELT,
  NECK_EMBROIDERY,
  PEARL_DETAILS,
  POINTED_HOOD,
  POINTED_TOE,
  RBATI_EMBROIDERY,
  SFIFA,
  SIDE_POCKETS,
  SILK_TASSELS,
  SOFT_LEATHER,
  TASSELS,
  ZELLIGE_PATTERN,
  ZELLIGE_PRINT,
} from './garment-details';
import { GARMENT_NOUNS } from './garment-nouns';
import type { Noun, Phrase } from './garment-words';

export { ADJECTIVES, COLOR_WORDS, FABRIC_WORDS } from './garment-words';
export type { Adjective, Noun, Phrase } from './garment-words';

export interface GarmentSpec {
  nouns: readonly Noun[];
  details: readonly Phrase[];
  /** Price range in MAD. */
  price: readonly [number, number];
  sizes: readonly Size[];
  fabrics: readonly Fabric[];
  blurb: Phrase;
}

const CLOTHING_SIZES: readonly Size[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const EMBROIDERY: readonly Phrase[] = [
  SFIFA,
  HAND_EMBROIDERY,
  AAKAD,
  GOLD_THREAD,
  FASSI_EMBROIDERY,
  RBATI_EMBROIDERY,
  PEARL_DETAILS,
  ZELLIGE_PATTERN,
];

function spec(
  kind: GarmentKind,
  details: readonly Phrase[],
  price: readonly [number, number],
  sizes: readonly Size[],
  fabrics: readonly Fabric[],
): GarmentSpec {
  return { nouns: GARMENT_NOUNS[kind], details, price, sizes, fabrics, blurb: GARMENT_BLURBS[kind] };
}

export const GARMENTS: Record<GarmentKind, GarmentSpec> = {
  kaftan: spec('kaftan', [...EMBROIDERY, MDAMA_BELT], [900, 9500], CLOTHING_SIZES, ['Brocade', 'Silk', 'Polyester', 'Cotton']),
  takchita: spec('takchita', [...EMBROIDERY, MDAMA_BELT], [1500, 12000], CLOTHING_SIZES, ['Brocade', 'Silk', 'Polyester']),
  djellaba: spec(
    'djellaba',
    [SFIFA, AAKAD, RBATI_EMBROIDERY, POINTED_HOOD],
    [350, 2800],
    CLOTHING_SIZES,
    ['Wool', 'Linen', 'Cotton', 'Polyester'],
  ),
  jabador: spec('jabador', [SFIFA, AAKAD, MATCHING_TROUSERS], [400, 2200], CLOTHING_SIZES, ['Linen', 'Cotton', 'Silk', 'Polyester']),
  gandoura: spec('gandoura', [NECK_EMBROIDERY, SIDE_POCKETS, SFIFA], [250, 1400], CLOTHING_SIZES, ['Linen', 'Cotton', 'Polyester']),
  selham: spec('selham', [SILK_TASSELS], [1200, 4500], ['M', 'L', 'XL'], ['Wool']),
  modern: spec(
    'modern',
    [ZELLIGE_PRINT, BELTED_WAIST, EMBROIDERED_CUFFS],
    [290, 1900],
    CLOTHING_SIZES,
    ['Cotton', 'Linen', 'Polyester', 'Silk'],
  ),
  shoes: spec('shoes', [SOFT_LEATHER, GOLD_THREAD, POINTED_TOE], [120, 650], ['S', 'M', 'L', 'XL'], ['Silk', 'Wool', 'Cotton']),
  accessories: spec(
    'accessories',
    [BRASS_BUCKLE, TASSELS, ZELLIGE_PATTERN],
    [80, 900],
    ['S', 'M', 'L'],
    ['Silk', 'Wool', 'Cotton', 'Linen'],
  ),
  jewelry: spec('jewelry', [CORAL_BEADS, ENAMEL_INLAY, AMBER_STONES], [150, 3500], ['S', 'M', 'L'], ['Silk', 'Cotton']),
};
