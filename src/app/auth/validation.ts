/**
 * Client-side checks of the sign-in forms, mirroring the server's rules
 * (docs/ACCOUNTS.md): required fields, a valid email, passwords of 8 to 128
 * characters, matching confirmation. Pure: each problem is a key of the `auth`
 * catalogue's `field` block with its values, translated by the page.
 */
import { PASSWORD_MIN_LENGTH } from '../../domain/account';

export const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 100;

export type FieldProblem =
  | { key: 'required'; field: string }
  | { key: 'email' }
  | { key: 'passwordMin'; min: number }
  | { key: 'passwordMatch' }
  | { key: 'max'; field: string; max: number };

export type Problems<F extends string> = Partial<Record<F, FieldProblem>>;

/** The same loose shape the server accepts: something@something.tld, no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

function checkEmail(email: string): FieldProblem | undefined {
  if (email.trim() === '') return { key: 'required', field: 'email' };
  if (!isValidEmail(email)) return { key: 'email' };
  return undefined;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): Problems<keyof LoginValues> {
  const problems: Problems<keyof LoginValues> = {};
  const email = checkEmail(values.email);
  if (email) problems.email = email;
  if (values.password === '') problems.password = { key: 'required', field: 'password' };
  return problems;
}

export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function validateRegister(values: RegisterValues): Problems<keyof RegisterValues> {
  const problems: Problems<keyof RegisterValues> = {};
  for (const name of ['first_name', 'last_name'] as const) {
    if (values[name].trim().length > NAME_MAX_LENGTH) problems[name] = { key: 'max', field: name, max: NAME_MAX_LENGTH };
  }
  const email = checkEmail(values.email);
  if (email) problems.email = email;
  if (values.password === '') problems.password = { key: 'required', field: 'password' };
  else if (values.password.length < PASSWORD_MIN_LENGTH) problems.password = { key: 'passwordMin', min: PASSWORD_MIN_LENGTH };
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    problems.password = { key: 'max', field: 'password', max: PASSWORD_MAX_LENGTH };
  if (values.password_confirmation === '')
    problems.password_confirmation = { key: 'required', field: 'password_confirmation' };
  else if (values.password_confirmation !== values.password) problems.password_confirmation = { key: 'passwordMatch' };
  return problems;
}

export function hasProblems(problems: object): boolean {
  return Object.keys(problems).length > 0;
}
