/**
 * Body of POST /api/user/addresses (every required field) and PUT
 * /api/user/addresses/:id (any subset; a given field obeys the same rule).
 * Limits are docs/ACCOUNTS.md's; the phone is stored in E.164 (normalizePhone).
 */
import { z } from 'zod';
import { ADDRESS_TYPES, COUNTRIES, normalizePhone } from '../../domain/account';
import { fieldMessages, optionalText, requiredText } from './body';

const POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/;

function enumField<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? fieldMessages.required(field) : fieldMessages.invalid(field)),
  });
}

/** An optional phone: absent, null or empty is "none" (''); anything else must normalise. */
function optionalPhone() {
  return optionalText('phone', 40).transform((raw, ctx) => {
    if (raw === undefined || raw === '') return raw;
    const phone = normalizePhone(raw);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: fieldMessages.phone() });
      return z.NEVER;
    }
    return phone;
  });
}

function optionalPostalCode() {
  return optionalText('postal_code', 10).refine((v) => v === undefined || v === '' || POSTAL_CODE.test(v), {
    message: fieldMessages.invalid('postal code'),
  });
}

const fields = {
  type: enumField('type', ADDRESS_TYPES),
  full_name: optionalText('full_name', 100),
  phone: optionalPhone(),
  address: requiredText('address', 200),
  apartment: optionalText('apartment', 100),
  city: requiredText('city', 100),
  state: requiredText('state', 100),
  postal_code: optionalPostalCode(),
  country: enumField('country', COUNTRIES),
  is_default: z.boolean({ error: () => 'The is default field must be true or false.' }).optional(),
};

export const newAddressBodySchema = z.object(fields).transform((b) => ({
  ...b,
  full_name: b.full_name ?? '',
  phone: b.phone ?? '',
  apartment: b.apartment ?? '',
  postal_code: b.postal_code ?? '',
}));
export type NewAddressBody = z.output<typeof newAddressBodySchema>;

export const addressPatchBodySchema = z.object(fields).partial();
export type AddressPatchBody = z.output<typeof addressPatchBodySchema>;
