/**
 * The demo categories, shops and tailors in the six languages (issue 22): every text held in every language,
 * English and Arabic as before, the others written in each language (not the English copied). Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_LANGUAGES, type LocalizedText } from '../../src/domain/catalog-text';
import { categoryNames, shopTexts, tailorTexts } from '../../src/server/seed/catalog-texts';
import { SUBCATEGORIES, TOP_CATEGORIES, type GarmentKind } from '../../src/server/seed/category-data';
import { SEED_CITY_NAMES } from '../../src/server/seed/seed-cities';
import { DEMO_TAILORS } from '../../src/server/seed/seed-tailors';
import { SHOPS } from '../../src/server/seed/shop-data';

function missing(texts: LocalizedText): string[] {
  return TEXT_LANGUAGES.filter((l) => !texts[l]?.trim());
}

describe('demo category names', () => {
  const all = [...TOP_CATEGORIES, ...SUBCATEGORIES];

  it('names every category in all six languages, English and Arabic as before', () => {
    for (const c of all) {
      const names = categoryNames(c.slug);
      expect(missing(names), c.slug).toEqual([]);
      expect([names.en, names.ar]).toEqual([c.name_en, c.name_ar]);
    }
    expect(() => categoryNames('no-such-category')).toThrow();
  });

  it('spells the Moroccan garments as each language writes them, and translates the rest', () => {
    // Kinds whose name is the garment's own: fr, es, de as each writes it (the same word where it is).
    const garments: Partial<Record<GarmentKind, { fr: string; es: string; de: string }>> = {
      kaftan: { fr: 'Caftan', es: 'Caftán', de: 'Kaftan' },
      djellaba: { fr: 'Djellaba', es: 'Chilaba', de: 'Dschellaba' },
      gandoura: { fr: 'Gandoura', es: 'Gandura', de: 'Gandoura' },
      takchita: { fr: 'Takchita', es: 'Takchita', de: 'Takchita' },
      jabador: { fr: 'Jabador', es: 'Jabador', de: 'Jabador' },
      selham: { fr: 'Selham', es: 'Selham', de: 'Selham' },
    };
    for (const sub of SUBCATEGORIES) {
      const names = categoryNames(sub.slug);
      const own = garments[sub.kind];
      if (own) {
        expect({ fr: names.fr, es: names.es, de: names.de }, sub.slug).toEqual(own);
      } else {
        for (const l of ['fr', 'es', 'de'] as const) expect(names[l], `${sub.slug} in ${l}`).not.toBe(names.en);
      }
    }
    for (const top of TOP_CATEGORIES) {
      const names = categoryNames(top.slug);
      expect(new Set([names.fr, names.en, names.es, names.de]).size, top.slug).toBe(4);
    }
  });

  it('writes the Darija names in Arabic script, in Darija where it differs', () => {
    for (const c of all) expect(categoryNames(c.slug).ma, c.slug).toMatch(/^[\u0600-\u06FF ]+$/);
    expect(categoryNames('women').ma).not.toBe(categoryNames('women').ar);
    expect(categoryNames('children-shoes').ma).toContain('صبابط');
  });
});

describe('demo shop texts', () => {
  it('names and describes every shop in all six languages, each written in its language', () => {
    for (const shop of SHOPS) {
      const { names, descriptions } = shopTexts(shop);
      expect(missing(names), shop.name).toEqual([]);
      expect(missing(descriptions), shop.name).toEqual([]);
      expect(names).toEqual({ ma: shop.name_ar, ar: shop.name_ar, fr: shop.name, en: shop.name, es: shop.name, de: shop.name });
      expect([descriptions.en, descriptions.ar]).toEqual([shop.description, shop.description_ar]);
      expect(new Set(Object.values(descriptions)).size, shop.name).toBe(6);
      expect(descriptions.ma, shop.name).toMatch(/^[\u0600-\u06FF0-9 ،.:]+$/);
    }
  });

  it('knows every shop city in every language', () => {
    for (const shop of SHOPS) expect(SEED_CITY_NAMES[shop.city], shop.city).toBeDefined();
  });
});

describe('demo tailor texts', () => {
  it('gives every tailor a bio and specialties in all six languages, the English bio as before', () => {
    for (const tailor of DEMO_TAILORS) {
      const texts = tailorTexts(tailor);
      expect(missing(texts.bio), tailor.slug).toEqual([]);
      expect(texts.bio.en).toBe(tailor.bio);
      expect(new Set(Object.values(texts.bio)).size, tailor.slug).toBe(6);
      expect(texts.specialties).toHaveLength(tailor.specialties.length);
      for (const s of texts.specialties) expect(missing(s), tailor.slug).toEqual([]);
    }
    expect(tailorTexts({ slug: 'maison-alaoui-casablanca', bio: 'x', specialties: ['suits', 'alterations'] }).specialties).toEqual([
      { ma: 'كسوات', ar: 'بدلات', fr: 'Costumes', en: 'Suits', es: 'Trajes', de: 'Anzüge' },
      { ma: 'تعديلات', ar: 'تعديلات', fr: 'Retouches', en: 'Alterations', es: 'Arreglos', de: 'Änderungen' },
    ]);
  });

  it('refuses a tailor with no bio written in the other languages', () => {
    expect(() => tailorTexts({ slug: 'unknown-tailor', bio: 'Bio', specialties: [] })).toThrow(/unknown-tailor/);
  });
});
