/**
 * The demo products' names and descriptions in the six languages (issue 22): English and Arabic exactly as the
 * seed wrote them before, every language held, each in its own spelling, word order and agreement. Pure: the
 * seed's generator and PRNG, no database.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COLORS, type Color } from '../../src/domain/catalog';
import { TEXT_LANGUAGES, type LocalizedText } from '../../src/domain/catalog-text';
import { productTexts, type ProductTextInput } from '../../src/server/seed/catalog-texts';
import { SUBCATEGORIES, type GarmentKind } from '../../src/server/seed/category-data';
import { ADJECTIVES, GARMENTS, type Noun } from '../../src/server/seed/garment-data';
import { createPrng } from '../../src/server/seed/prng';
import { generateProduct } from '../../src/server/seed/product-generator';
import { SHOPS } from '../../src/server/seed/shop-data';

const SHOP_CHOICES = SHOPS.map((s, i) => ({ id: i + 1, name: s.name, name_ar: s.name_ar, city: s.city, kinds: s.kinds }));

/** The first `count` products of a catalogue drawn like seed-demo's, every subcategory in turn (empty ones too). */
function demoProducts(count: number) {
  const rng = createPrng(20_251_001);
  let variantId = 1;
  return Array.from({ length: count }, (_, i) => {
    const sub = SUBCATEGORIES[i % SUBCATEGORIES.length]!;
    const sellers = SHOP_CHOICES.filter((s) => s.kinds.length === 0 || s.kinds.includes(sub.kind));
    const shop = rng.pick(sellers);
    const generated = generateProduct(rng, i + 1, variantId, { id: 4 + (i % SUBCATEGORIES.length), gender: sub.gender, kind: sub.kind }, shop);
    variantId += generated.variants.length;
    return generated.product;
  });
}

/** Every name the parts can make: each kind's nouns × adjectives × colours × (no detail or each detail). */
function everyCombination(): (ProductTextInput & { texts: ReturnType<typeof productTexts> })[] {
  const out: (ProductTextInput & { texts: ReturnType<typeof productTexts> })[] = [];
  const kinds = Object.keys(GARMENTS) as GarmentKind[];
  kinds.forEach((kind, k) => {
    const spec = GARMENTS[kind];
    for (const noun of spec.nouns)
      for (const adjective of ADJECTIVES)
        for (const colour of COLORS)
          for (const detail of [null, ...spec.details]) {
            const shop = SHOP_CHOICES[k % SHOP_CHOICES.length]!;
            const input: ProductTextInput = {
              kind,
              noun,
              adjective,
              colour,
              detail,
              fabric: spec.fabrics[0]!,
              shop,
              handmade: detail === null,
              customizable: adjective === ADJECTIVES[0],
            };
            out.push({ ...input, texts: productTexts(input) });
          }
  });
  return out;
}

function expectAllSix(texts: LocalizedText, what: string): void {
  for (const l of TEXT_LANGUAGES) expect(texts[l]?.trim(), `${what} in ${l}`).toBeTruthy();
}

describe('demo product texts', () => {
  it('keeps English and Arabic exactly as the seed wrote them before issue 22 (first 400 products)', () => {
    const products = demoProducts(400);
    const digest = createHash('sha256');
    for (const p of products) digest.update([p.name, p.name_ar, p.description, p.description_ar].join('\n') + '\n');
    // The digest of the same 400 products' four columns, computed with the generator as it was before issue 22.
    expect(digest.digest('hex')).toBe('53dbdc87b407214a41e6f3f6738e15656335c482b1b17ecacc9304b631ef8c24');
    const [first, second] = products;
    expect([first?.name, first?.name_ar]).toEqual(['Royal Red Hooded Djellaba', 'جلابة بالقب حمراء ملكية']);
    expect(first?.description).toBe(
      'A long, loose djellaba with full sleeves and the traditional pointed hood. Made in wool by Chaouen Blue Threads in Chefchaouen. Every stitch is done by hand. Ask for your measurements or a different trim: it can be customised.',
    );
    expect(second?.description_ar).toBe(
      'طقم جابادور: قميص وصدرية وسروال للجمعة والمناسبات. مصنوع من الحرير لدى سوق الصغار. يمكن تفصيله على مقاسك أو بتطريز مختلف.',
    );
  });

  it('holds every demo product name and description in all six languages', () => {
    for (const p of demoProducts(400)) {
      const names = JSON.parse(p.names_json) as LocalizedText;
      const descriptions = JSON.parse(p.descriptions_json) as LocalizedText;
      expectAllSix(names, `product ${p.id} name`);
      expectAllSix(descriptions, `product ${p.id} description`);
      expect(names.en).toBe(p.name);
      expect(names.ar).toBe(p.name_ar);
    }
  });

  const combinations = everyCombination();

  it('composes every name and description the parts can make in all six languages, no two alike', () => {
    const expected = Object.values(GARMENTS).reduce((n, spec) => n + spec.nouns.length * ADJECTIVES.length * COLORS.length * (spec.details.length + 1), 0);
    expect(combinations.length).toBe(expected);
    const problems: string[] = [];
    for (const c of combinations) {
      for (const l of TEXT_LANGUAGES) {
        if (!c.texts.names[l].trim()) problems.push(`${c.texts.names.en}: no name in ${l}`);
        if (!c.texts.descriptions[l].trim()) problems.push(`${c.texts.names.en}: no description in ${l}`);
      }
      if (new Set(Object.values(c.texts.names)).size !== 6) problems.push(`names alike: ${JSON.stringify(c.texts.names)}`);
      if (new Set(Object.values(c.texts.descriptions)).size !== 6) problems.push(`descriptions alike: ${c.texts.names.en}`);
    }
    expect(problems).toEqual([]);
  });

  it('spells the Moroccan garments as each language writes them', () => {
    // en word → what each language's name holds (case-insensitive for the Latin scripts).
    const spellings: [string, Record<'ma' | 'ar' | 'fr' | 'es' | 'de', string>][] = [
      ['Kaftan', { ma: 'قفطان', ar: 'قفطان', fr: 'caftan', es: 'caftán', de: 'kaftan' }],
      ['Djellaba', { ma: 'جلابة', ar: 'جلابة', fr: 'djellaba', es: 'chilaba', de: 'dschellaba' }],
      ['Takchita', { ma: 'تكشيطة', ar: 'تكشيطة', fr: 'takchita', es: 'takchita', de: 'takchita' }],
      ['Gandoura', { ma: 'قندورة', ar: 'قندورة', fr: 'gandoura', es: 'gandura', de: 'gandoura' }],
      ['Jabador', { ma: 'جابادور', ar: 'جابادور', fr: 'jabador', es: 'jabador', de: 'jabador' }],
      ['Babouche', { ma: 'بلغة', ar: 'بلغة', fr: 'babouche', es: 'babucha', de: 'babusche' }],
    ];
    let checked = 0;
    const problems: string[] = [];
    for (const c of combinations) {
      for (const [en, forms] of spellings) {
        if (!c.noun.en.includes(en)) continue;
        checked += 1;
        for (const [l, form] of Object.entries(forms)) {
          const name = c.texts.names[l as keyof typeof forms];
          if (!name.toLowerCase().includes(form)) problems.push(`${c.noun.en} in ${l}: ${name}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('writes Darija, not Modern Standard Arabic, in the ma names', () => {
    const differing = combinations.filter((c) => c.texts.names.ma !== c.texts.names.ar).length;
    expect(differing / combinations.length).toBeGreaterThan(0.9);
    const msaColours = /(^| )(أحمر|حمراء|أسود|سوداء|أبيض|بيضاء|أزرق|زرقاء|أخضر|خضراء|أصفر|صفراء)( |$)/;
    expect(combinations.filter((c) => msaColours.test(c.texts.names.ma)).map((c) => c.texts.names.ma)).toEqual([]);
    expect(combinations.filter((c) => c.texts.descriptions.ma === c.texts.descriptions.ar).length).toBe(0);
  });

  function textsOf(kind: GarmentKind, nounEn: string, adjectiveEn: string, colour: Color, detailEn: string | null) {
    const spec = GARMENTS[kind];
    const noun = spec.nouns.find((n) => n.en === nounEn) as Noun;
    const detail = detailEn === null ? null : (spec.details.find((d) => d.en === detailEn) ?? null);
    return productTexts({
      kind,
      noun,
      adjective: ADJECTIVES.find((a) => a.en === adjectiveEn)!,
      colour,
      detail,
      fabric: 'Silk',
      shop: SHOP_CHOICES[0]!,
      handmade: true,
      customizable: true,
    });
  }

  it("puts each language's words in its own order, agreeing with the noun", () => {
    const kaftan = textsOf('kaftan', 'Wedding Kaftan', 'Royal', 'red', 'with Fassi Embroidery').names;
    expect(kaftan).toMatchObject({
      ma: 'قفطان ديال العرس حمر سلطاني بالطرز الفاسي',
      fr: 'Caftan de mariage rouge royal à broderie fassie',
      es: 'Caftán de boda rojo regio con bordado de Fez',
      de: 'Königlicher roter Hochzeitskaftan mit Fès-Stickerei',
    });
    const takchita = textsOf('takchita', 'Two-Piece Takchita', 'Elegant', 'white', null).names;
    expect(takchita).toMatchObject({
      ma: 'تكشيطة ديال جوج طرفات بيضة شيك',
      fr: 'Takchita deux pièces blanche élégante',
      es: 'Takchita de dos piezas blanca elegante',
      de: 'Elegante weiße zweiteilige Takchita',
    });
    const earrings = textsOf('jewelry', 'Filigree Earrings', 'Classic', 'black', 'with Coral Beads').names;
    expect(earrings).toMatchObject({
      ma: 'مناقش مخرمين كحلين كلاسيكيين بحب المرجان',
      fr: 'Boucles d’oreilles en filigrane noires classiques à perles de corail',
      es: 'Pendientes de filigrana negros clásicos con cuentas de coral',
      de: 'Klassische schwarze Filigran-Ohrringe mit Korallenperlen',
    });
    const dress = textsOf('modern', 'Kaftan Dress', 'Fassi', 'green', null).names;
    expect(dress.de).toBe('Grünes Kaftankleid im Fès-Stil');
  });

  it('does not say twice what the detail says, outside English and Arabic', () => {
    const belgha = textsOf('shoes', 'Leather Belgha', 'Modern', 'blue', 'in Soft Leather').names;
    expect(belgha.en).toBe('Modern Blue Leather Belgha in Soft Leather');
    expect(belgha.fr).toBe('Belgha bleue moderne en cuir souple');
    expect(belgha.de).toBe('Moderne blaue Belgha aus weichem Leder');
    const hooded = textsOf('djellaba', 'Hooded Djellaba', 'Classic', 'white', 'with Pointed Hood').names;
    expect(hooded.es).toBe('Chilaba blanca clásica con capucha puntiaguda');
  });

  it("describes in each language, with the city as it writes it and the product's agreement", () => {
    const d = textsOf('takchita', 'Bridal Takchita', 'Luxury', 'red', null).descriptions;
    expect(d.fr).toContain('Réalisée en soie par Dar Lalla Kaftan à Fès.');
    expect(d.es).toContain('Elaborada en seda por Dar Lalla Kaftan en Fez.');
    expect(d.de).toContain('Gefertigt aus Seide von Dar Lalla Kaftan in Fès.');
    expect(d.ma).toContain('مخدومة من الحرير عند دار لالة للقفطان ف فاس.');
    expect(d.ma).toContain('تقدر تتفصل على قدك');
  });
});
