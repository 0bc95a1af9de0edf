/**
 * Accounts as server and client both see them (docs/ACCOUNTS.md): the user
 * object the API sends to its owner, roles, the address book's countries, the
 * session lifetimes, and the phone number rule. Pure and zod-free, so the app
 * may import it.
 */

export const ROLES = ['user', 'seller', 'admin', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Countries offered (spec §9), as ISO 3166 codes; Morocco first. */
export const COUNTRIES = ['MA', 'SA', 'AE', 'QA', 'KW', 'BH', 'OM'] as const;
export type Country = (typeof COUNTRIES)[number];

export const PREFERENCE_LANGUAGES = ['ma', 'ar', 'fr', 'en', 'es', 'de'] as const;
export const DEFAULT_TIMEZONE = 'Africa/Casablanca';

/** Spec §4 and §9. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const LOGIN_COOKIE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The script-readable anti-forgery cookie XSRF-TOKEN lasts 2 hours (docs/ACCOUNTS.md); the privacy policy states it. */
export const XSRF_COOKIE_LIFETIME_S = 2 * 60 * 60;
export const USER_CACHE_MS = 15 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;

/** Phone verification (docs/ACCOUNTS.md). */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_MS = 60 * 1000;

export interface Address {
  id: number;
  type: AddressType;
  full_name: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  postal_code: string;
  country: Country;
  is_default: boolean;
}

export interface Preferences {
  email_notifications: boolean;
  marketing_emails: boolean;
  order_updates: boolean;
  newsletter: boolean;
  language: (typeof PREFERENCE_LANGUAGES)[number];
  timezone: string;
}

export interface User {
  id: number;
  email: string;
  name: string;
  username: string;
  first_name: string;
  last_name: string;
  full_name_en: string;
  full_name_ar: string;
  role: Role;
  /** ISO date of registration. */
  member_since: string;
  phone: string | null;
  phone_verified: boolean;
  shop: { id: number; slug: string; name: string } | null;
  preferences: Preferences;
  shipping_address: Address | null;
  billing_address: Address | null;
  has_password: boolean;
  google_linked: boolean;
}

/** The answer of register, login and Google sign-in. */
export interface AuthSuccess {
  status: 'success';
  message: string;
  token: string;
  access_token: string;
  token_type: 'Bearer';
  /** ISO time, 24 h after issue. */
  expires_at: string;
  user: User;
}

/**
 * A phone number in E.164 (`+` and 8 to 15 digits), or null. Spaces, dashes,
 * dots and brackets are ignored; `00` becomes `+`; a Moroccan national number
 * (0 then 5, 6 or 7, ten digits) becomes +212….
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (/^0[5-7]\d{8}$/.test(compact)) return `+212${compact.slice(1)}`;
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : null;
}
