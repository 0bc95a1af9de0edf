/** Reusable SVG pieces: zellige star tiles, stripes, arches, garment silhouettes. */
import type { GarmentKind } from '../seed/category-data';
import type { Tone } from './palette';

/** Escapes text placed inside SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Points of an n-pointed star centred on (cx, cy). */
export function starPoints(cx: number, cy: number, outer: number, inner: number, points = 8, rotation = 0): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (Math.PI * i) / points;
    out.push(`${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`);
  }
  return out.join(' ');
}

/** A repeating zellige tile: an eight-pointed star in a square with small corner stars. */
export function zelligePattern(id: string, size: number, ground: string, star: string, accent: string): string {
  const h = size / 2;
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">
<rect width="${size}" height="${size}" fill="${ground}"/>
<polygon points="${starPoints(h, h, h * 0.9, h * 0.5)}" fill="${star}"/>
<polygon points="${starPoints(h, h, h * 0.42, h * 0.24, 8, Math.PI / 8)}" fill="${accent}"/>
<polygon points="${starPoints(0, 0, h * 0.3, h * 0.16)}" fill="${accent}"/>
<polygon points="${starPoints(size, 0, h * 0.3, h * 0.16)}" fill="${accent}"/>
<polygon points="${starPoints(0, size, h * 0.3, h * 0.16)}" fill="${accent}"/>
<polygon points="${starPoints(size, size, h * 0.3, h * 0.16)}" fill="${accent}"/>
</pattern>`;
}

/** Woven stripes, as on a djellaba or a hanbel rug. */
export function stripePattern(id: string, width: number, colors: readonly string[]): string {
  const band = width / colors.length;
  const rects = colors.map((c, i) => `<rect x="${(i * band).toFixed(1)}" width="${band.toFixed(1)}" height="8" fill="${c}"/>`);
  return `<pattern id="${id}" width="${width}" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(90)">${rects.join('')}</pattern>`;
}

/** A brocade-like damask: small diamonds and dots in the trim colour over the fabric. */
export function brocadePattern(id: string, tone: Tone, size = 36): string {
  const h = size / 2;
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">
<rect width="${size}" height="${size}" fill="${tone.base}"/>
<path d="M${h} 3 L${size - 3} ${h} L${h} ${size - 3} L3 ${h} Z" fill="none" stroke="${tone.trim}" stroke-width="1.4" opacity="0.55"/>
<circle cx="${h}" cy="${h}" r="3" fill="${tone.trim}" opacity="0.7"/>
<circle cx="0" cy="0" r="2" fill="${tone.light}" opacity="0.6"/><circle cx="${size}" cy="${size}" r="2" fill="${tone.light}" opacity="0.6"/>
</pattern>`;
}

/** A vertical sheen giving flat fabric some drape. */
export function fabricGradient(id: string, tone: Tone): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="${tone.shade}"/><stop offset="0.35" stop-color="${tone.base}"/>
<stop offset="0.55" stop-color="${tone.light}"/><stop offset="0.75" stop-color="${tone.base}"/>
<stop offset="1" stop-color="${tone.shade}"/></linearGradient>`;
}

/** A horseshoe arch (Moorish doorway) path in a w×h box at (x, y). */
export function archPath(x: number, y: number, w: number, h: number): string {
  const r = w / 2;
  return `M${x} ${y + h} L${x} ${y + r} A${r} ${r} 0 1 1 ${x + w} ${y + r} L${x + w} ${y + h} Z`;
}

/** Garment silhouettes in a 600×750 frame; `fill` may be a colour or url(#…). */
export function garmentShape(kind: GarmentKind, fill: string, tone: Tone): string {
  const trim = tone.trim;
  switch (kind) {
    case 'shoes':
      return `<g transform="translate(300 430)">
<path d="M-190 40 C-190 -40 -120 -70 -40 -70 L120 -60 C190 -55 215 -10 200 30 C185 70 120 80 40 80 L-150 80 C-180 80 -190 60 -190 40 Z" fill="${fill}" stroke="${tone.shade}" stroke-width="4"/>
<path d="M-40 -70 C0 -20 80 -20 120 -60" fill="none" stroke="${trim}" stroke-width="6"/>
<path d="M-170 78 L190 40" stroke="${tone.shade}" stroke-width="10" stroke-linecap="round"/>
<circle cx="40" cy="-30" r="10" fill="${trim}"/><circle cx="80" cy="-35" r="7" fill="${trim}"/><circle cx="5" cy="-28" r="7" fill="${trim}"/></g>`;
    case 'accessories':
      return `<g transform="translate(300 420)">
<path d="M-90 -120 C-90 -210 90 -210 90 -120" fill="none" stroke="${tone.shade}" stroke-width="16"/>
<rect x="-170" y="-120" width="340" height="260" rx="36" fill="${fill}" stroke="${tone.shade}" stroke-width="4"/>
<path d="M-170 -40 L170 -40" stroke="${trim}" stroke-width="8"/>
<polygon points="${starPoints(0, 40, 60, 32)}" fill="${trim}" opacity="0.9"/>
<circle cx="0" cy="40" r="14" fill="${tone.shade}"/></g>`;
    case 'jewelry':
      return `<g transform="translate(300 380)" fill="none">
<path d="M-170 -160 C-150 60 150 60 170 -160" stroke="${trim}" stroke-width="8"/>
<circle cx="0" cy="70" r="70" fill="${fill}" stroke="${trim}" stroke-width="10"/>
<polygon points="${starPoints(0, 70, 52, 26)}" fill="${trim}"/>
<circle cx="-110" cy="-10" r="18" fill="${fill}" stroke="${trim}" stroke-width="6"/>
<circle cx="110" cy="-10" r="18" fill="${fill}" stroke="${trim}" stroke-width="6"/>
<path d="M0 140 L0 210" stroke="${trim}" stroke-width="6"/><circle cx="0" cy="222" r="14" fill="${trim}"/></g>`;
    default: {
      // Robes: long body, wide sleeves; a hood for djellaba/selham, a belt for kaftan/takchita.
      const hood =
        kind === 'djellaba' || kind === 'selham'
          ? `<path d="M250 110 C250 40 350 40 350 110 L330 150 L270 150 Z" fill="${fill}" stroke="${tone.shade}" stroke-width="3"/>`
          : '';
      const belt =
        kind === 'kaftan' || kind === 'takchita'
          ? `<rect x="222" y="330" width="156" height="34" rx="6" fill="${trim}"/><polygon points="${starPoints(300, 347, 22, 11)}" fill="${tone.shade}"/>`
          : '';
      const sleeve = kind === 'gandoura' ? 40 : 120;
      return `<g>
<path d="M240 120 L360 120 L${380 + sleeve} ${250 + sleeve / 3} L${360 + sleeve} ${300 + sleeve / 3} L390 240 L430 690 L170 690 L210 240 L${240 - sleeve} ${300 + sleeve / 3} L${220 - sleeve} ${250 + sleeve / 3} Z" fill="${fill}" stroke="${tone.shade}" stroke-width="4" stroke-linejoin="round"/>
<path d="M300 125 L300 690" stroke="${trim}" stroke-width="7" stroke-dasharray="2 12" stroke-linecap="round"/>
<path d="M262 122 C275 170 325 170 338 122" fill="none" stroke="${trim}" stroke-width="6"/>
<path d="M170 688 L430 688" stroke="${trim}" stroke-width="10"/>
${hood}${belt}</g>`;
    }
  }
}
