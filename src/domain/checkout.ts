/**
 * The checkout's rules (spec §5 "Checkout", docs/COMMERCE.md): what the
 * shipping step, the payment step and the order itself need before an order
 * may be placed. Pure and zod-free (the app bundle imports it); errors are
 * CODES per field, never texts: the UI translates them.
 *
 * Rules, field by field (every value is trimmed first):
 * - first_name, last_name: required, at most 100 characters.
 * - email: required, a valid address (the same pattern as zod's z.email(), which the wire schema
 *   shippingInfoSchema uses, so a form accepted here is accepted by the server), at most 254.
 * - phone: required (cash on delivery: the courier calls), valid per normalizePhone (E.164, or a
 *   Moroccan national number 0[5-7]…); toShippingInfo sends it normalised (+212…).
 * - street, city, state (state or region): required; street ≤ 200, city and state ≤ 100.
 * - apartment: optional, ≤ 100.
 * - country: required ('country_required'), one of the seven COUNTRIES ('invalid_country').
 * - postal_code: Morocco (MA): required, exactly 5 digits (Moroccan codes are 5 digits, e.g. 20000
 *   Casablanca). Elsewhere (the Gulf countries, several of which have no postal codes): optional, but when
 *   given 3 to 10 letters, digits, spaces or dashes, starting and ending with a letter or digit.
 * - payment: only 'cod'; 'card' and 'paypal' are coming soon ('payment_unavailable'); none → 'payment_required'.
 * - placing needs a signed-in buyer ('login_required') and a cart that is not empty ('cart_empty').
 */
import { COUNTRIES, normalizePhone, type Country, type User } from './account';
import { AVAILABLE_PAYMENT_METHODS, PAYMENT_METHODS, type PaymentMethod } from './commerce';
import type { ShippingInfo } from './commerce-schemas';

/** The shipping step's form, as typed (country '' until chosen). */
export interface ShippingForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  apartment: string;
  city: string;
  state: string;
  postal_code: string;
  country: Country | '';
}

export type ShippingField = keyof ShippingForm;
export const SHIPPING_FIELDS: readonly ShippingField[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'street',
  'apartment',
  'city',
  'state',
  'postal_code',
  'country',
];

export const CHECKOUT_ERROR_CODES = [
  'required',
  'too_long',
  'invalid_email',
  'invalid_phone',
  'invalid_postal_code',
  'country_required',
  'invalid_country',
  'cart_empty',
  'login_required',
  'payment_required',
  'payment_unavailable',
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

/** Where an error shows: a form field, the payment choice, the cart or the session. */
export type CheckoutErrorField = ShippingField | 'payment' | 'cart' | 'login';

/** At most one error code per field; an empty object means valid. */
export type CheckoutErrors = Partial<Record<CheckoutErrorField, CheckoutErrorCode>>;

export const EMPTY_SHIPPING_FORM: ShippingForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  street: '',
  apartment: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
};

/** zod 4's z.email() pattern (shippingInfoSchema.email), copied so zod stays out of the app bundle. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const MA_POSTAL_CODE = /^\d{5}$/;
const POSTAL_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;

/** Limits of shippingInfoSchema. */
const MAX_LENGTH: Record<ShippingField, number> = {
  first_name: 100,
  last_name: 100,
  email: 254,
  phone: 30,
  street: 200,
  apartment: 100,
  city: 100,
  state: 100,
  postal_code: 20,
  country: 2,
};

export function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** The postal code rule above ('' is valid outside Morocco). */
export function isValidPostalCode(postalCode: string, country: string): boolean {
  const code = postalCode.trim();
  if (country === 'MA') return MA_POSTAL_CODE.test(code);
  return code === '' || POSTAL_CODE.test(code);
}

/** The shipping step's errors (empty when the step may be left). */
export function validateShipping(form: ShippingForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const value = (field: ShippingField) => (form[field] ?? '').trim();
  for (const field of ['first_name', 'last_name', 'email', 'phone', 'street', 'city', 'state'] as const) {
    if (value(field) === '') errors[field] = 'required';
  }
  for (const field of SHIPPING_FIELDS) {
    if (errors[field] === undefined && value(field).length > MAX_LENGTH[field]) errors[field] = 'too_long';
  }
  if (errors.email === undefined && !isValidEmail(value('email'))) errors.email = 'invalid_email';
  if (errors.phone === undefined && normalizePhone(value('phone')) === null) errors.phone = 'invalid_phone';
  const country = value('country');
  if (country === '') errors.country = 'country_required';
  else if (!isCountry(country)) errors.country = 'invalid_country';
  if (errors.postal_code === undefined && !isValidPostalCode(value('postal_code'), country)) {
    errors.postal_code = 'invalid_postal_code';
  }
  return errors;
}

/** The payment step: cash on delivery only (spec §1: card and PayPal are coming soon). */
export function validatePayment(method: string | null | undefined): CheckoutErrors {
  if (method === null || method === undefined || method === '') return { payment: 'payment_required' };
  return (AVAILABLE_PAYMENT_METHODS as readonly string[]).includes(method) ? {} : { payment: 'payment_unavailable' };
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** What placing an order needs besides the form: a signed-in buyer and a cart with something in it. */
export function validateReadiness(state: { loggedIn: boolean; cartCount: number }): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!state.loggedIn) errors.login = 'login_required';
  if (!(state.cartCount > 0)) errors.cart = 'cart_empty';
  return errors;
}

export function hasErrors(errors: CheckoutErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The order's shipping_info (commerce-schemas ShippingInfo) from a valid form: trimmed, the phone
 * normalised, the postal code upper-cased. Throws on a form validateShipping refuses.
 */
export function toShippingInfo(form: ShippingForm): ShippingInfo {
  const errors = validateShipping(form);
  if (hasErrors(errors)) throw new Error(`checkout: invalid shipping form (${Object.keys(errors).join(', ')})`);
  const t = (field: ShippingField) => (form[field] ?? '').trim();
  return {
    first_name: t('first_name'),
    last_name: t('last_name'),
    email: t('email'),
    phone: normalizePhone(t('phone')) ?? t('phone'),
    street: t('street'),
    apartment: t('apartment'),
    city: t('city'),
    state: t('state'),
    postal_code: t('postal_code').toUpperCase(),
    country: t('country') as Country,
  };
}

/**
 * The form prefilled from the buyer's profile: names, email and phone from the account, the address from
 * the default shipping address (else the billing one). Country Morocco when the account has no address.
 */
export function shippingFormFromUser(user: User | null): ShippingForm {
  if (!user) return { ...EMPTY_SHIPPING_FORM, country: 'MA' };
  const address = user.shipping_address ?? user.billing_address;
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    phone: address?.phone || user.phone || '',
    street: address?.address ?? '',
    apartment: address?.apartment ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country ?? 'MA',
  };
}
