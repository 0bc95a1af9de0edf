/**
 * Client-side checks of the account forms: the rules the server applies
 * (docs/ACCOUNTS.md, spec §5), answered with the server's own field messages
 * ({parameter, message}, the contract's English texts), so a client-side and a
 * server-side refusal go through the same translation (auth/error-text.ts).
 */
import { PASSWORD_MIN_LENGTH, normalizePhone, type Address } from '../../domain/account';

export interface FieldError {
  parameter: string;
  message: string;
}
export type FieldErrors = FieldError[];

const label = (parameter: string) => parameter.replace(/_/g, ' ');
export const fieldMessage = {
  required: (parameter: string) => `The ${label(parameter)} field is required.`,
  email: () => 'The email must be a valid email address.',
  passwordMin: () => `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  confirmation: () => 'The password confirmation does not match.',
  max: (parameter: string, max: number) => `The ${label(parameter)} may not be greater than ${max} characters.`,
  phone: () => 'The phone must be a valid phone number.',
  invalid: (parameter: string) => `The selected ${label(parameter)} is invalid.`,
};

/** Collects the first error of each parameter. */
class Errors {
  readonly list: FieldError[] = [];
  has(parameter: string): boolean {
    return this.list.some((e) => e.parameter === parameter);
  }
  add(parameter: string, message: string): void {
    if (!this.has(parameter)) this.list.push({ parameter, message });
  }
}

export const PASSWORD_MAX_LENGTH = 128;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/;

export interface PasswordDraft {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Security tab: the current password (when the account has one), at least 8 characters, both new ones equal. */
export function validatePassword(draft: PasswordDraft, hasPassword: boolean): FieldErrors {
  const errors = new Errors();
  if (hasPassword && draft.current_password === '') errors.add('current_password', fieldMessage.required('current_password'));
  if (draft.password.length < PASSWORD_MIN_LENGTH) errors.add('password', fieldMessage.passwordMin());
  else if (draft.password.length > PASSWORD_MAX_LENGTH) errors.add('password', fieldMessage.max('password', PASSWORD_MAX_LENGTH));
  if (draft.password_confirmation !== draft.password) errors.add('password_confirmation', fieldMessage.confirmation());
  return errors.list;
}

export interface ProfileDraft {
  first_name: string;
  last_name: string;
  full_name_en: string;
  full_name_ar: string;
  username: string;
  email: string;
  current_password: string;
}

/** Whether saving this draft changes the email, which needs the current password on an account that has one. */
export function emailChanged(draft: ProfileDraft, currentEmail: string): boolean {
  return draft.email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** General tab: a valid email, a username, and the current password when the email changes on a password account. */
export function validateProfile(draft: ProfileDraft, currentEmail: string, hasPassword: boolean): FieldErrors {
  const errors = new Errors();
  const email = draft.email.trim();
  if (email === '') errors.add('email', fieldMessage.required('email'));
  else if (!EMAIL.test(email)) errors.add('email', fieldMessage.email());
  if (draft.username.trim() === '') errors.add('username', fieldMessage.required('username'));
  for (const field of ['first_name', 'last_name', 'full_name_en', 'full_name_ar', 'username'] as const) {
    if (draft[field].trim().length > 100) errors.add(field, fieldMessage.max(field, 100));
  }
  if (hasPassword && emailChanged(draft, currentEmail) && draft.current_password === '')
    errors.add('current_password', fieldMessage.required('current_password'));
  return errors.list;
}

/** The profile body: trimmed fields, the current password only when the email changes. */
export function profileBody(draft: ProfileDraft, currentEmail: string): Record<string, string> {
  const body: Record<string, string> = {
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    full_name_en: draft.full_name_en.trim(),
    full_name_ar: draft.full_name_ar.trim(),
    username: draft.username.trim(),
    email: draft.email.trim(),
  };
  if (emailChanged(draft, currentEmail) && draft.current_password !== '') body.current_password = draft.current_password;
  return body;
}

/** The address form's text fields (domain Address, as typed). */
export type AddressFields = Pick<
  Address,
  'full_name' | 'phone' | 'address' | 'apartment' | 'city' | 'state' | 'postal_code'
>;

/** Address form: the server's limits (address 1–200, apartment ≤ 100, city and state 1–100, full name ≤ 100, postal code and phone optional but well-formed). */
export function validateAddress(draft: AddressFields): FieldErrors {
  const errors = new Errors();
  const limits: [keyof AddressFields, number, boolean][] = [
    ['address', 200, true],
    ['city', 100, true],
    ['state', 100, true],
    ['apartment', 100, false],
    ['full_name', 100, false],
  ];
  for (const [field, max, required] of limits) {
    const value = draft[field].trim();
    if (required && value === '') errors.add(field, fieldMessage.required(field));
    else if (value.length > max) errors.add(field, fieldMessage.max(field, max));
  }
  const postal = draft.postal_code.trim();
  if (postal !== '' && !POSTAL_CODE.test(postal)) errors.add('postal_code', fieldMessage.invalid('postal_code'));
  const phone = draft.phone.trim();
  if (phone !== '' && normalizePhone(phone) === null) errors.add('phone', fieldMessage.phone());
  return errors.list;
}
