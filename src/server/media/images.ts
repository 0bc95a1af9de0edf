/**
 * Deterministic pictures for products, categories and shops, drawn as SVG.
 * Same input, same bytes: they can be cached forever.
 */
import type { Color } from '../../domain/catalog';
import type { GarmentKind } from '../seed/category-data';
import { createPrng, hashString } from '../seed/prng';
import { BACKDROPS, pick, TONES, ZELLIGE } from './palette';
import {
  archPath,
  brocadePattern,
  escapeXml,
  fabricGradient,
  garmentShape,
  starPoints,
  stripePattern,
  zelligePattern,
} from './svg-parts';

const svg = (w: number, h: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;

export interface ProductPicture {
  productId: number;
  /** 1-based picture number. */
  n: number;
  kind: GarmentKind;
  color: Color;
  label: string;
}

export function productSvg(p: ProductPicture): string {
  const rng = createPrng(hashString(`product:${p.productId}:${p.n}`));
  const tone = TONES[p.color];
  const backdrop = pick(BACKDROPS, rng.int(0, 99));
  const tileA = pick(ZELLIGE, rng.int(0, 99));
  const tileB = pick(ZELLIGE, rng.int(0, 99));
  const defs = `<defs>${zelligePattern('z', 60, backdrop, tileA, tileB)}${fabricGradient('f', tone)}${brocadePattern('b', tone)}${stripePattern(
    's',
    48,
    [tone.base, tone.trim, tone.base, tone.light, tone.shade, tone.base],
  )}</defs>`;
  const view = ((p.n - 1) % 4) + 1;
  let body: string;
  if (view === 1) {
    body = `<rect width="600" height="750" fill="${backdrop}"/><rect y="560" width="600" height="190" fill="url(#z)"/>
<path d="${archPath(110, 60, 380, 560)}" fill="${tone.light}" opacity="0.25"/>
<path d="${archPath(110, 60, 380, 560)}" fill="none" stroke="${tone.trim}" stroke-width="6"/>
${garmentShape(p.kind, 'url(#f)', tone)}`;
  } else if (view === 2) {
    body = `<rect width="600" height="750" fill="${backdrop}"/>
<polygon points="${starPoints(300, 375, 330, 250)}" fill="${tileA}" opacity="0.12"/>
${garmentShape(p.kind, 'url(#b)', tone)}`;
  } else if (view === 3) {
    const r = rng.int(110, 150);
    body = `<rect width="600" height="750" fill="url(#b)"/>
<circle cx="300" cy="375" r="${r + 26}" fill="${tone.shade}" opacity="0.35"/>
<circle cx="300" cy="375" r="${r}" fill="none" stroke="${tone.trim}" stroke-width="8"/>
<polygon points="${starPoints(300, 375, r - 18, (r - 18) * 0.55, 8, Math.PI / 8)}" fill="${tone.trim}"/>
<polygon points="${starPoints(300, 375, (r - 18) * 0.45, (r - 18) * 0.25)}" fill="${tone.base}"/>`;
  } else {
    body = `<rect width="600" height="750" fill="url(#z)"/>
<path d="${archPath(90, 40, 420, 680)}" fill="${backdrop}"/>
${garmentShape(p.kind, 'url(#s)', tone)}`;
  }
  return svg(600, 750, p.label, defs + body);
}

const GENDER_TILES: Record<string, readonly [string, string]> = {
  men: ['#20303f', '#d9a32b'],
  women: ['#8e1b3a', '#f0c75e'],
  children: ['#1b6b5c', '#f5f1e8'],
};

export interface CategoryPicture {
  slug: string;
  gender: string;
  kind: GarmentKind | null;
  label: string;
}

export function categorySvg(c: CategoryPicture): string {
  const h = hashString(`category:${c.slug}`);
  const colors = Object.keys(TONES) as Color[];
  const tone = TONES[pick(colors, h)];
  const [ground, accent] = GENDER_TILES[c.gender] ?? ['#2c4f9e', '#f5f1e8'];
  const defs = `<defs>${zelligePattern('z', 50, ground, accent, tone.trim)}${fabricGradient('f', tone)}</defs>`;
  const inner = c.kind
    ? `<g transform="translate(75 70) scale(0.75)">${garmentShape(c.kind, 'url(#f)', tone)}</g>`
    : `<polygon points="${starPoints(300, 340, 170, 90)}" fill="url(#f)"/>`;
  return svg(
    600,
    600,
    c.label,
    `${defs}<rect width="600" height="600" fill="url(#z)"/><path d="${archPath(100, 60, 400, 540)}" fill="${pick(BACKDROPS, h)}" stroke="${tone.trim}" stroke-width="8"/>${inner}`,
  );
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

export interface ShopPicture {
  shopId: number;
  name: string;
}

export function shopLogoSvg(s: ShopPicture): string {
  const h = hashString(`shop:${s.shopId}`);
  const colors = Object.keys(TONES) as Color[];
  const tone = TONES[pick(colors, h === 0 ? 1 : h)];
  return svg(
    256,
    256,
    s.name,
    `<circle cx="128" cy="128" r="124" fill="${tone.base}"/>
<circle cx="128" cy="128" r="110" fill="none" stroke="${tone.trim}" stroke-width="4"/>
<polygon points="${starPoints(128, 128, 100, 70)}" fill="${tone.shade}" opacity="0.6"/>
<text x="128" y="146" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="${tone.trim}">${escapeXml(initials(s.name) || '✦')}</text>`,
  );
}

export function shopCoverSvg(s: ShopPicture): string {
  const rng = createPrng(hashString(`cover:${s.shopId}`));
  const colors = Object.keys(TONES) as Color[];
  const tone = TONES[pick(colors, rng.int(0, 99))];
  const defs = `<defs>${zelligePattern('z', 80, pick(ZELLIGE, rng.int(0, 99)), tone.base, tone.trim)}</defs>`;
  const arches = [0, 1, 2, 3, 4]
    .map((i) => `<path d="${archPath(60 + i * 230, 90, 160, 310)}" fill="${pick(BACKDROPS, i + rng.int(0, 5))}" stroke="${tone.trim}" stroke-width="6"/>`)
    .join('');
  return svg(1200, 400, s.name, `${defs}<rect width="1200" height="400" fill="url(#z)"/>${arches}`);
}
