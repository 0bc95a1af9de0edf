/**
 * Builds one demo product (row + variants) from a seeded generator. Product n
 * only depends on the draws before it, so the first N products are the same
 * whatever the total.
 */
import { COLORS, discountPercent, type Color, type Fabric, type Size } from '../../domain/catalog';
import { toCentimes } from '../../domain/money';
import type { NewProduct, NewVariant } from '../db/schema';
import { productImageUrl } from '../media/urls';
import { facetMask } from '../repositories/facets';
import { descriptionColumns, nameColumns } from '../repositories/text-columns';
import { productTexts } from './catalog-texts';
import { ADJECTIVES, GARMENTS } from './garment-data';
import type { Prng } from './prng';

export interface CategoryChoice {
  id: number;
  gender: string;
  kind: keyof typeof GARMENTS;
}

export interface ShopChoice {
  id: number;
  name: string;
  name_ar: string;
  city: string;
}

export interface GeneratedProduct {
  product: NewProduct & { id: number };
  variants: (NewVariant & { id: number })[];
}

const DAY_MS = 86_400_000;
/** Demo products were listed during the 300 days before this instant. */
export const SEED_EPOCH_MS = Date.UTC(2025, 9, 1, 9, 0, 0);
const LISTING_SPAN_DAYS = 300;

/** Price in centimes: whole 10 MAD steps, some ending in 9 MAD or 0.50. */
function drawPriceCents(rng: Prng, [min, max]: readonly [number, number]): number {
  const tens = rng.int(Math.ceil(min / 10), Math.floor(max / 10));
  const r = rng.next();
  if (r < 0.2) return toCentimes(tens * 10 - 1);
  if (r < 0.3) return toCentimes(tens * 10 + 0.5);
  return toCentimes(tens * 10);
}

/** Discount share in percent: mostly modest, some deep (over 50%, up to 70%). */
function drawDiscountPercent(rng: Prng): number {
  const r = rng.next();
  if (r < 0.6) return rng.int(5, 30);
  if (r < 0.85) return rng.int(31, 50);
  return rng.int(51, 70);
}

function drawStocks(rng: Prng, count: number): number[] {
  const r = rng.next();
  if (r < 0.08) return Array.from({ length: count }, () => 0);
  if (r < 0.2) {
    const stocks = Array.from({ length: count }, () => 0);
    const total = rng.int(1, 5);
    for (let i = 0; i < total; i++) {
      const k = rng.int(0, count - 1);
      stocks[k] = (stocks[k] ?? 0) + 1;
    }
    return stocks;
  }
  const stocks = Array.from({ length: count }, () => (rng.chance(0.15) ? 0 : rng.int(1, 30)));
  if (stocks.reduce((a, b) => a + b, 0) <= 5) stocks[0] = (stocks[0] ?? 0) + 6;
  return stocks;
}

export function generateProduct(
  rng: Prng,
  id: number,
  firstVariantId: number,
  category: CategoryChoice,
  shop: ShopChoice,
): GeneratedProduct {
  const spec = GARMENTS[category.kind];
  const noun = rng.pick(spec.nouns);
  const adjective = rng.pick(ADJECTIVES);
  const detail = rng.chance(0.7) ? rng.pick(spec.details) : null;

  const drawn: Color[] = rng.sample(COLORS, rng.int(1, 3));
  const sizes: Size[] = rng.sample(spec.sizes, rng.int(1, Math.min(4, spec.sizes.length)));
  const fabrics: Fabric[] = rng.sample(spec.fabrics, rng.int(1, 2));
  const mainColor = rng.pick(drawn);
  // The main colour comes first, so the first variant (and the product pictures) wear it.
  const colors = [mainColor, ...drawn.filter((c) => c !== mainColor)];

  const priceCents = drawPriceCents(rng, spec.price);
  const hasDiscount = rng.chance(0.4);
  const discountCents = hasDiscount
    ? Math.max(100, Math.round((priceCents * (100 - drawDiscountPercent(rng))) / 100 / 100) * 100)
    : null;
  const discounted = discountCents !== null && discountCents < priceCents ? discountCents : null;

  const handmade = rng.chance(0.55);
  const customizable = rng.chance(0.3);
  const express = rng.chance(0.35);
  // Retired draws (a synthetic review count and rating): kept so every later draw, and so the catalogue, stays as it was.
  if (!rng.chance(0.1)) {
    rng.next();
    rng.next();
  }
  const salesCount = Math.floor(rng.next() ** 3 * 5000);
  const imageCount = rng.int(2, 4);
  const createdAt = SEED_EPOCH_MS - rng.int(0, LISTING_SPAN_DAYS * DAY_MS);

  const sku = `SK-${String(shop.id).padStart(2, '0')}-${String(id).padStart(6, '0')}`;
  const combos: { color: Color; size: Size; fabric: Fabric }[] = [];
  colors.forEach((color, ci) =>
    sizes.forEach((size, si) => combos.push({ color, size, fabric: fabrics[(ci + si) % fabrics.length] as Fabric })),
  );
  const stocks = drawStocks(rng, combos.length);
  const variants = combos.map((c, i) => ({
    id: firstVariantId + i,
    product_id: id,
    sku: `${sku}-${c.size}-${c.color.slice(0, 3).toUpperCase()}-${c.fabric.slice(0, 3).toUpperCase()}`,
    size: c.size,
    color: c.color,
    fabric: c.fabric,
    price_cents: priceCents + (c.size === 'XXL' ? toCentimes(50) : 0),
    stock: stocks[i] ?? 0,
  }));
  const stockQuantity = stocks.reduce((a, b) => a + b, 0);
  // Name and description in the six languages, from the same parts (catalog-texts.ts); en and ar as always.
  const texts = productTexts({
    kind: category.kind,
    noun,
    adjective,
    colour: mainColor,
    detail,
    fabric: combos[0]?.fabric ?? (fabrics[0] as Fabric),
    shop,
    handmade,
    customizable,
  });

  return {
    product: {
      id,
      shop_id: shop.id,
      category_id: category.id,
      gender: category.gender,
      sku,
      ...nameColumns(texts.names),
      ...descriptionColumns(texts.descriptions),
      price_cents: priceCents,
      discount_cents: discounted,
      effective_cents: discounted ?? priceCents,
      has_discount: discounted === null ? 0 : 1,
      discount_percent: discountPercent(priceCents / 100, discounted === null ? null : discounted / 100),
      colors_mask: facetMask('colors', variants.map((v) => v.color)),
      sizes_mask: facetMask('sizes', variants.map((v) => v.size)),
      fabrics_mask: facetMask('fabrics', variants.map((v) => v.fabric)),
      stock_quantity: stockQuantity,
      in_stock: stockQuantity > 0 ? 1 : 0,
      handmade: handmade ? 1 : 0,
      customizable: customizable ? 1 : 0,
      express: express ? 1 : 0,
      // Set by the seed from the product's review rows (seed-reviews.ts).
      rating_x10: 0,
      reviews_count: 0,
      sales_count: salesCount,
      images_json: JSON.stringify(Array.from({ length: imageCount }, (_, n) => productImageUrl(id, n + 1))),
      made_in: 'Morocco',
      shipping_from: `${shop.city}, Morocco`,
      created_at: createdAt,
      updated_at: 0,
      deleted: 0,
    },
    variants,
  };
}
