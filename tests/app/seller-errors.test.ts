/**
 * The seller API's field messages said again in the user's language (src/app/seller/seller-errors.ts): each
 * English message of docs/SELLERS.md and of the sign-up body maps to its own text, in English and in Darija.
 */
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { sellerFieldErrors, sellerFieldText } from '../../src/app/seller/seller-errors';
import en from '../../src/app/i18n/locales/en/seller.json' with { type: 'json' };
import ma from '../../src/app/i18n/locales/ma/seller.json' with { type: 'json' };

async function tFor(language: 'en' | 'ma'): Promise<TFunction<'seller'>> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, ns: ['seller'], defaultNS: 'seller', resources: { en: { seller: en }, ma: { seller: ma } } });
  return instance.getFixedT(language, 'seller');
}

describe('seller field messages', () => {
  it('map each server wording to its own text', async () => {
    const t = await tFor('en');
    const cases: [string, string][] = [
      ['The shop name field is required.', en.field.required],
      ['The price must be greater than 0.', en.field.positive],
      ['The price must be a number of MAD with at most 2 decimals.', en.field.decimals],
      ['The discount price must be less than the price.', en.field.discountBelow],
      ['The sku has already been taken.', en.field.taken],
      ['The phone must be a valid phone number.', en.field.phone],
      ['The stock must be a whole number from 0 to 1000000.', en.field.stock],
      ['A product needs at least one variant.', en.field.needVariant],
      ['Each variant needs its own size, color and fabric.', en.field.variantRepeated],
      ['The city may not be greater than 100 characters.', 'Write at most 100 characters.'],
      ['The selected category id is invalid.', en.field.invalid],
    ];
    for (const [message, text] of cases) expect(sellerFieldText(t, message), message).toBe(text);
  });

  it('keep the first message of each field, in Darija too', async () => {
    const t = await tFor('ma');
    expect(
      sellerFieldErrors(t, [
        { parameter: 'phone', message: 'The phone must be a valid phone number.' },
        { parameter: 'phone', message: 'The selected phone is invalid.' },
        { parameter: 'variants.0.stock', message: 'The stock must be a whole number from 0 to 1000000.' },
      ]),
    ).toEqual({ phone: ma.field.phone, 'variants.0.stock': ma.field.stock });
  });
});
