import { describe, expect, it } from 'vitest';
import {
  addressBody,
  addressLines,
  applySaved,
  draftFromAddress,
  emptyDraft,
  groupAddresses,
} from '../../src/app/account/address-book';
import { timezoneOptions } from '../../src/app/account/timezones';
import type { Address } from '../../src/domain/account';

function address(id: number, type: Address['type'], is_default = false): Address {
  return {
    id,
    type,
    full_name: `Name ${id}`,
    phone: '',
    address: `${id} Derb Sidi`,
    apartment: '',
    city: 'Marrakech',
    state: 'Marrakech-Safi',
    postal_code: '',
    country: 'MA',
    is_default,
  };
}

describe('address book', () => {
  it('groups by type with the default first, then oldest first', () => {
    const groups = groupAddresses([address(3, 'shipping'), address(1, 'billing'), address(2, 'shipping', true), address(4, 'shipping')]);
    expect(groups.shipping.map((a) => a.id)).toEqual([2, 3, 4]);
    expect(groups.billing.map((a) => a.id)).toEqual([1]);
  });

  it('a saved default unsets the previous default of its type only', () => {
    const list = [address(1, 'shipping', true), address(2, 'billing', true), address(3, 'shipping')];
    const next = applySaved(list, { ...address(3, 'shipping'), is_default: true });
    expect(next.filter((a) => a.is_default).map((a) => a.id).sort()).toEqual([2, 3]);
    expect(next).toHaveLength(3);
  });

  it('a new address joins the list', () => {
    expect(applySaved([address(1, 'shipping')], address(2, 'billing')).map((a) => a.id)).toEqual([1, 2]);
  });

  it('sends trimmed fields and the phone in E.164', () => {
    const draft = { ...emptyDraft('billing', 'Amina'), address: ' 1 Rue ', city: 'Rabat ', state: ' Rabat', phone: '0612345678' };
    expect(addressBody(draft)).toMatchObject({
      type: 'billing',
      full_name: 'Amina',
      address: '1 Rue',
      city: 'Rabat',
      state: 'Rabat',
      phone: '+212612345678',
      country: 'MA',
      is_default: false,
    });
  });

  it('edits an address as a draft without its id', () => {
    expect(draftFromAddress(address(5, 'shipping'))).not.toHaveProperty('id');
  });

  it('shows the lines that are present', () => {
    expect(addressLines({ address: '1 Rue', apartment: 'Apt 2', city: 'Rabat', state: '', postal_code: '10000' })).toEqual([
      '1 Rue, Apt 2',
      'Rabat, 10000',
    ]);
  });
});

describe('time zones', () => {
  it('puts Africa/Casablanca first, then the saved zone, then the rest sorted', () => {
    const zones = timezoneOptions('Europe/Paris', () => ['UTC', 'Europe/Paris', 'Africa/Casablanca', 'Asia/Dubai']);
    expect(zones).toEqual(['Africa/Casablanca', 'Europe/Paris', 'Asia/Dubai', 'UTC']);
  });

  it('keeps a saved zone the list lacks, and falls back without Intl.supportedValuesOf', () => {
    expect(timezoneOptions('Pacific/Apia', () => ['UTC'])).toEqual(['Africa/Casablanca', 'Pacific/Apia', 'UTC']);
    const fallback = timezoneOptions('Africa/Casablanca', null);
    expect(fallback[0]).toBe('Africa/Casablanca');
    expect(fallback).toContain('Asia/Riyadh');
  });
});

describe('time zones from the runtime', () => {
  it('uses Intl.supportedValuesOf by default', () => {
    const zones = timezoneOptions('Africa/Casablanca');
    expect(zones[0]).toBe('Africa/Casablanca');
    expect(zones.length).toBeGreaterThan(100);
    expect(new Set(zones).size).toBe(zones.length);
  });
});
