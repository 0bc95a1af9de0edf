/** The address book's pure parts: grouping by type, the form's draft and the body it sends. */
import { COUNTRIES, normalizePhone, type Address, type AddressType, type Country } from '../../domain/account';
import type { AddressFields } from './validation';

export interface AddressDraft extends AddressFields {
  type: AddressType;
  country: Country;
  is_default: boolean;
}

export type AddressBody = Omit<Address, 'id'>;

/** Shipping and billing addresses, each list with its default first, then by id (oldest first). */
export function groupAddresses(addresses: readonly Address[]): Record<AddressType, Address[]> {
  const order = (a: Address, b: Address) => Number(b.is_default) - Number(a.is_default) || a.id - b.id;
  return {
    shipping: addresses.filter((a) => a.type === 'shipping').sort(order),
    billing: addresses.filter((a) => a.type === 'billing').sort(order),
  };
}

export function emptyDraft(type: AddressType = 'shipping', fullName = ''): AddressDraft {
  return {
    type,
    full_name: fullName,
    phone: '',
    address: '',
    apartment: '',
    city: '',
    state: '',
    postal_code: '',
    country: 'MA',
    is_default: false,
  };
}

export function draftFromAddress(address: Address): AddressDraft {
  const { id: _id, ...rest } = address;
  return { ...rest, country: isCountry(rest.country) ? rest.country : 'MA' };
}

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/** What POST/PUT /api/user/addresses receive: trimmed fields, the phone in E.164 when one is given. */
export function addressBody(draft: AddressDraft): AddressBody {
  const phone = draft.phone.trim();
  return {
    type: draft.type,
    full_name: draft.full_name.trim(),
    phone: phone === '' ? '' : (normalizePhone(phone) ?? phone),
    address: draft.address.trim(),
    apartment: draft.apartment.trim(),
    city: draft.city.trim(),
    state: draft.state.trim(),
    postal_code: draft.postal_code.trim(),
    country: draft.country,
    is_default: draft.is_default,
  };
}

/** The list after a save: the saved address replaces or joins it, and a new default unsets the old one of its type. */
export function applySaved(addresses: readonly Address[], saved: Address): Address[] {
  const others = addresses
    .filter((a) => a.id !== saved.id)
    .map((a) => (saved.is_default && a.type === saved.type && a.is_default ? { ...a, is_default: false } : a));
  return [...others, saved];
}

/** One line for the card: address, apartment, city, state, postal code, joined by commas where present. */
export function addressLines(address: Pick<Address, 'address' | 'apartment' | 'city' | 'state' | 'postal_code'>): string[] {
  const first = [address.address, address.apartment].filter((s) => s.trim() !== '').join(', ');
  const second = [address.city, address.state, address.postal_code].filter((s) => s.trim() !== '').join(', ');
  return [first, second].filter((s) => s !== '');
}
