import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Address, User } from '../../src/domain/account';
import {
  EMPTY_SHIPPING_FORM,
  hasErrors,
  isValidEmail,
  isValidPostalCode,
  shippingFormFromUser,
  toShippingInfo,
  validatePayment,
  validateReadiness,
  validateShipping,
  type ShippingForm,
} from '../../src/domain/checkout';
import { shippingInfoSchema } from '../../src/domain/commerce-schemas';

const valid: ShippingForm = {
  first_name: 'Amina',
  last_name: 'El Idrissi',
  email: 'amina@example.ma',
  phone: '06 12 34 56 78',
  street: '12 rue Souika',
  apartment: '',
  city: 'Rabat',
  state: 'Rabat-Salé-Kénitra',
  postal_code: '10000',
  country: 'MA',
};

const withForm = (patch: Partial<Record<keyof ShippingForm, string>>) => ({ ...valid, ...patch }) as ShippingForm;

describe('validateShipping', () => {
  it('accepts a complete Moroccan form', () => {
    expect(validateShipping(valid)).toEqual({});
  });

  it('an empty form: every required field, the country', () => {
    expect(validateShipping(EMPTY_SHIPPING_FORM)).toEqual({
      first_name: 'required',
      last_name: 'required',
      email: 'required',
      phone: 'required',
      street: 'required',
      city: 'required',
      state: 'required',
      country: 'country_required',
    });
  });

  it('blank (spaces only) counts as empty', () => {
    expect(validateShipping(withForm({ first_name: '   ', city: '\t' }))).toEqual({ first_name: 'required', city: 'required' });
  });

  it('apartment is optional', () => {
    expect(validateShipping(withForm({ apartment: '' }))).toEqual({});
    expect(validateShipping(withForm({ apartment: 'Apt 4' }))).toEqual({});
  });

  it('refuses a malformed email', () => {
    for (const email of ['amina', 'amina@', '@example.ma', 'amina@example', 'a b@example.ma', 'amina@@example.ma', '.a@example.ma']) {
      expect(validateShipping(withForm({ email })).email, email).toBe('invalid_email');
    }
    expect(validateShipping(withForm({ email: '  amina.b+shop@mail.example.ma ' }))).toEqual({});
  });

  it('accepts exactly the emails the wire schema (zod email) accepts', () => {
    const zodEmail = z.email();
    const samples = [
      'a@b.ma',
      'first.last@sub.example.com',
      "o'neil@example.org",
      'x@y.z',
      'a..b@example.com',
      'a.@example.com',
      'a@-example.com',
      'a@example.c0m',
      'UPPER@EXAMPLE.MA',
    ];
    for (const email of samples) expect(isValidEmail(email), email).toBe(zodEmail.safeParse(email).success);
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(isValidEmail(email)).toBe(zodEmail.safeParse(email).success);
      }),
    );
  });

  it('refuses a phone normalizePhone refuses', () => {
    for (const phone of ['12345', '0812345678', '+0612345678', 'phone', '06123456']) {
      expect(validateShipping(withForm({ phone })).phone, phone).toBe('invalid_phone');
    }
    for (const phone of ['0612345678', '+212 6 12 34 56 78', '00966501234567', '+971501234567']) {
      expect(validateShipping(withForm({ phone })).phone, phone).toBeUndefined();
    }
  });

  it('country: required, then one of the seven countries', () => {
    expect(validateShipping(withForm({ country: '' })).country).toBe('country_required');
    expect(validateShipping(withForm({ country: 'US' })).country).toBe('invalid_country');
    expect(validateShipping(withForm({ country: 'ma' })).country).toBe('invalid_country');
    for (const country of ['SA', 'AE', 'QA', 'KW', 'BH', 'OM']) {
      expect(validateShipping(withForm({ country, postal_code: '' })), country).toEqual({});
    }
  });

  it('Morocco: the postal code is required and 5 digits', () => {
    expect(validateShipping(withForm({ postal_code: '' })).postal_code).toBe('invalid_postal_code');
    for (const postal_code of ['1000', '100000', '1000A', 'ABCDE', '10 000']) {
      expect(validateShipping(withForm({ postal_code })).postal_code, postal_code).toBe('invalid_postal_code');
    }
    expect(validateShipping(withForm({ postal_code: ' 20250 ' }))).toEqual({});
  });

  it('elsewhere: the postal code is optional, but 3–10 letters, digits, spaces or dashes when given', () => {
    const gulf = (postal_code: string) => validateShipping(withForm({ country: 'SA', postal_code })).postal_code;
    expect(gulf('')).toBeUndefined();
    expect(gulf('11564')).toBeUndefined();
    expect(gulf('113')).toBeUndefined();
    expect(gulf('12345-6789')).toBeUndefined();
    expect(gulf('AB 12')).toBeUndefined();
    expect(gulf('12')).toBe('invalid_postal_code');
    expect(gulf('12345678901')).toBe('invalid_postal_code');
    expect(gulf('12#45')).toBe('invalid_postal_code');
    expect(gulf('-123')).toBe('invalid_postal_code');
    expect(gulf('   ')).toBeUndefined();
  });

  it('isValidPostalCode follows the country', () => {
    expect(isValidPostalCode('20000', 'MA')).toBe(true);
    expect(isValidPostalCode('', 'MA')).toBe(false);
    expect(isValidPostalCode('', 'AE')).toBe(true);
    expect(isValidPostalCode('', '')).toBe(true);
  });

  it("refuses values over the wire schema's lengths", () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(validateShipping(withForm({ first_name: long(101) })).first_name).toBe('too_long');
    expect(validateShipping(withForm({ first_name: long(100) })).first_name).toBeUndefined();
    expect(validateShipping(withForm({ street: long(201) })).street).toBe('too_long');
    expect(validateShipping(withForm({ apartment: long(101) })).apartment).toBe('too_long');
    expect(validateShipping(withForm({ city: long(101) })).city).toBe('too_long');
    expect(validateShipping(withForm({ state: long(101) })).state).toBe('too_long');
  });

  it('gives one code per field, the most basic first', () => {
    const errors = validateShipping(withForm({ email: '', phone: '' }));
    expect(errors.email).toBe('required');
    expect(errors.phone).toBe('required');
  });

  it('a form it accepts always makes a shipping_info the wire schema accepts', () => {
    const text = (max: number) => fc.string({ minLength: 0, maxLength: max });
    fc.assert(
      fc.property(
        fc.record({
          first_name: text(110),
          last_name: text(110),
          email: fc.oneof(fc.emailAddress(), text(20)),
          phone: fc.oneof(fc.constantFrom('0612345678', '+212712345678', '+97150123456', '123'), text(15)),
          street: text(210),
          apartment: text(110),
          city: text(110),
          state: text(110),
          postal_code: fc.oneof(fc.stringMatching(/^\d{5}$/), text(12)),
          country: fc.constantFrom('MA', 'SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'US', ''),
        }),
        (form) => {
          const f = form as ShippingForm;
          if (hasErrors(validateShipping(f))) expect(() => toShippingInfo(f)).toThrow();
          else expect(shippingInfoSchema.safeParse(toShippingInfo(f)).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('toShippingInfo', () => {
  it('trims, normalises the phone, upper-cases the postal code', () => {
    const info = toShippingInfo(
      withForm({ first_name: ' Amina ', phone: '06 12 34 56 78', country: 'SA', postal_code: ' ab-123 ', email: ' amina@example.ma ' }),
    );
    expect(info).toEqual({
      first_name: 'Amina',
      last_name: 'El Idrissi',
      email: 'amina@example.ma',
      phone: '+212612345678',
      street: '12 rue Souika',
      apartment: '',
      city: 'Rabat',
      state: 'Rabat-Salé-Kénitra',
      postal_code: 'AB-123',
      country: 'SA',
    });
    expect(shippingInfoSchema.parse(info)).toEqual(info);
  });

  it('throws on an invalid form, naming the fields', () => {
    expect(() => toShippingInfo(EMPTY_SHIPPING_FORM)).toThrow(/first_name/);
  });
});

describe('validatePayment', () => {
  it('cash on delivery only', () => {
    expect(validatePayment('cod')).toEqual({});
  });

  it('card and PayPal are coming soon', () => {
    expect(validatePayment('card')).toEqual({ payment: 'payment_unavailable' });
    expect(validatePayment('paypal')).toEqual({ payment: 'payment_unavailable' });
    expect(validatePayment('bitcoin')).toEqual({ payment: 'payment_unavailable' });
  });

  it('a method must be chosen', () => {
    expect(validatePayment(null)).toEqual({ payment: 'payment_required' });
    expect(validatePayment(undefined)).toEqual({ payment: 'payment_required' });
    expect(validatePayment('')).toEqual({ payment: 'payment_required' });
  });
});

describe('validateReadiness', () => {
  it('needs a signed-in buyer and a cart with something in it', () => {
    expect(validateReadiness({ loggedIn: true, cartCount: 1 })).toEqual({});
    expect(validateReadiness({ loggedIn: false, cartCount: 1 })).toEqual({ login: 'login_required' });
    expect(validateReadiness({ loggedIn: true, cartCount: 0 })).toEqual({ cart: 'cart_empty' });
    expect(validateReadiness({ loggedIn: false, cartCount: 0 })).toEqual({ login: 'login_required', cart: 'cart_empty' });
  });
});

describe('shippingFormFromUser', () => {
  const address: Address = {
    id: 1,
    type: 'shipping',
    full_name: 'Amina El Idrissi',
    phone: '0698765432',
    address: '12 rue Souika',
    apartment: 'Apt 3',
    city: 'Fès',
    state: 'Fès-Meknès',
    postal_code: '30000',
    country: 'MA',
    is_default: true,
  };
  const user = {
    first_name: 'Amina',
    last_name: 'El Idrissi',
    email: 'amina@example.ma',
    phone: '+212612345678',
    shipping_address: address,
    billing_address: null,
  } as unknown as User;

  it('takes names and email from the account and the address from the shipping address', () => {
    expect(shippingFormFromUser(user)).toEqual({
      first_name: 'Amina',
      last_name: 'El Idrissi',
      email: 'amina@example.ma',
      phone: '0698765432',
      street: '12 rue Souika',
      apartment: 'Apt 3',
      city: 'Fès',
      state: 'Fès-Meknès',
      postal_code: '30000',
      country: 'MA',
    });
    expect(validateShipping(shippingFormFromUser(user))).toEqual({});
  });

  it("falls back to the billing address, then to the account's phone and Morocco", () => {
    const billing = { ...address, type: 'billing' as const, city: 'Agadir', phone: '' };
    expect(shippingFormFromUser({ ...user, shipping_address: null, billing_address: billing } as User)).toMatchObject({
      city: 'Agadir',
      phone: '+212612345678',
    });
    expect(shippingFormFromUser({ ...user, shipping_address: null, phone: null } as User)).toMatchObject({
      street: '',
      phone: '',
      country: 'MA',
    });
  });

  it('a guest gets an empty form for Morocco', () => {
    expect(shippingFormFromUser(null)).toEqual({ ...EMPTY_SHIPPING_FORM, country: 'MA' });
  });
});
