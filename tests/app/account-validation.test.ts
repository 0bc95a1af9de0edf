import { describe, expect, it } from 'vitest';
import {
  emailChanged,
  profileBody,
  validateAddress,
  validatePassword,
  validateProfile,
  type ProfileDraft,
} from '../../src/app/account/validation';

const params = (errors: { parameter: string }[]) => errors.map((e) => e.parameter);

describe('password form', () => {
  it('asks for the current password, 8 characters and a matching confirmation, in the contract texts', () => {
    expect(validatePassword({ current_password: '', password: 'short', password_confirmation: 'other' }, true)).toEqual([
      { parameter: 'current_password', message: 'The current password field is required.' },
      { parameter: 'password', message: 'The password must be at least 8 characters.' },
      { parameter: 'password_confirmation', message: 'The password confirmation does not match.' },
    ]);
  });

  it('accepts a valid change', () => {
    expect(validatePassword({ current_password: 'old', password: 'longenough', password_confirmation: 'longenough' }, true)).toEqual([]);
  });

  it('needs no current password on an account without one (Google)', () => {
    expect(validatePassword({ current_password: '', password: 'longenough', password_confirmation: 'longenough' }, false)).toEqual([]);
  });

  it('refuses more than 128 characters', () => {
    const long = 'x'.repeat(129);
    expect(params(validatePassword({ current_password: 'a', password: long, password_confirmation: long }, true))).toEqual(['password']);
  });
});

describe('profile form', () => {
  const draft: ProfileDraft = {
    first_name: ' Amina ',
    last_name: 'Alaoui',
    full_name_en: 'Amina Alaoui',
    full_name_ar: 'أمينة العلوي',
    username: 'amina',
    email: 'amina@example.com',
    current_password: '',
  };

  it('passes unchanged data', () => {
    expect(validateProfile(draft, 'amina@example.com', true)).toEqual([]);
  });

  it('compares emails without case or spaces', () => {
    expect(emailChanged({ ...draft, email: ' AMINA@example.com ' }, 'amina@example.com')).toBe(false);
    expect(emailChanged({ ...draft, email: 'new@example.com' }, 'amina@example.com')).toBe(true);
  });

  it('asks for the current password only when the email changes on a password account', () => {
    const changed = { ...draft, email: 'new@example.com' };
    expect(params(validateProfile(changed, 'amina@example.com', true))).toEqual(['current_password']);
    expect(validateProfile(changed, 'amina@example.com', false)).toEqual([]);
  });

  it('checks the email and the username', () => {
    expect(validateProfile({ ...draft, email: 'nope', username: ' ' }, 'amina@example.com', false)).toEqual([
      { parameter: 'email', message: 'The email must be a valid email address.' },
      { parameter: 'username', message: 'The username field is required.' },
    ]);
  });

  it('refuses names over 100 characters', () => {
    expect(validateProfile({ ...draft, first_name: 'a'.repeat(101) }, 'amina@example.com', false)).toEqual([
      { parameter: 'first_name', message: 'The first name may not be greater than 100 characters.' },
    ]);
  });

  it('sends trimmed fields, and the current password only with an email change', () => {
    expect(profileBody({ ...draft, current_password: 'secret' }, 'amina@example.com')).toEqual({
      first_name: 'Amina',
      last_name: 'Alaoui',
      full_name_en: 'Amina Alaoui',
      full_name_ar: 'أمينة العلوي',
      username: 'amina',
      email: 'amina@example.com',
    });
    expect(profileBody({ ...draft, email: 'n@example.com', current_password: 'secret' }, 'amina@example.com')).toMatchObject({
      email: 'n@example.com',
      current_password: 'secret',
    });
  });
});

describe('address form', () => {
  const ok = {
    full_name: '',
    phone: '',
    address: '12 Rue Talaa Kebira',
    apartment: '',
    city: 'Fès',
    state: 'Fès-Meknès',
    postal_code: '',
  };

  it('needs address, city and state; the rest is optional', () => {
    expect(validateAddress(ok)).toEqual([]);
    expect(params(validateAddress({ ...ok, address: ' ', city: '', state: '' }))).toEqual(['address', 'city', 'state']);
  });

  it('checks the lengths the server allows', () => {
    expect(validateAddress({ ...ok, address: 'a'.repeat(201), apartment: 'b'.repeat(101) })).toEqual([
      { parameter: 'address', message: 'The address may not be greater than 200 characters.' },
      { parameter: 'apartment', message: 'The apartment may not be greater than 100 characters.' },
    ]);
  });

  it('checks an optional postal code and phone when given', () => {
    expect(params(validateAddress({ ...ok, postal_code: '30000' }))).toEqual([]);
    expect(params(validateAddress({ ...ok, postal_code: '3#' }))).toEqual(['postal_code']);
    expect(params(validateAddress({ ...ok, phone: '06 12 34 56 78' }))).toEqual([]);
    expect(validateAddress({ ...ok, phone: '123' })).toEqual([
      { parameter: 'phone', message: 'The phone must be a valid phone number.' },
    ]);
  });
});
