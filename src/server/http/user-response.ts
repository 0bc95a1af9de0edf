/**
 * The user object of docs/ACCOUNTS.md, built from a users row: the one place
 * that decides what an account owner sees about themselves (never a hash, a
 * Google subject or a session). Reads the default address of each type and the
 * shop the user owns.
 */
import type { Address, Country, Preferences, User } from '../../domain/account';
import { PREFERENCE_LANGUAGES } from '../../domain/account';
import type { AddressRow, UserRow } from '../db/schema';
import type { DbHandle } from '../repositories/users';

export function displayName(row: Pick<UserRow, 'first_name' | 'last_name' | 'username'>): string {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name === '' ? row.username : name;
}

export function addressJson(row: AddressRow): Address {
  return {
    id: Number(row.id),
    type: row.type,
    full_name: row.full_name,
    phone: row.phone,
    address: row.address,
    apartment: row.apartment,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    country: row.country as Country,
    is_default: Number(row.is_default) === 1,
  };
}

function preferencesOf(row: UserRow): Preferences {
  const language = (PREFERENCE_LANGUAGES as readonly string[]).includes(row.language)
    ? (row.language as Preferences['language'])
    : 'ma';
  return {
    email_notifications: Number(row.email_notifications) === 1,
    marketing_emails: Number(row.marketing_emails) === 1,
    order_updates: Number(row.order_updates) === 1,
    newsletter: Number(row.newsletter) === 1,
    language,
    timezone: row.timezone,
  };
}

export async function userJson(db: DbHandle, row: UserRow): Promise<User> {
  const [addresses, shop] = await Promise.all([
    db.kysely.selectFrom('addresses').selectAll().where('user_id', '=', row.id).where('is_default', '=', 1).orderBy('id').execute(),
    db.kysely.selectFrom('shops').select(['id', 'slug', 'name']).where('owner_user_id', '=', row.id).executeTakeFirst(),
  ]);
  const shipping = addresses.find((a) => a.type === 'shipping');
  const billing = addresses.find((a) => a.type === 'billing');
  return {
    id: Number(row.id),
    email: row.email,
    name: displayName(row),
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name_en: row.full_name_en,
    full_name_ar: row.full_name_ar,
    role: row.role,
    member_since: new Date(Number(row.created_at)).toISOString().slice(0, 10),
    phone: row.phone,
    phone_verified: row.phone !== null && row.phone_verified_at !== null,
    shop: shop ? { id: Number(shop.id), slug: shop.slug, name: shop.name } : null,
    preferences: preferencesOf(row),
    shipping_address: shipping ? addressJson(shipping) : null,
    billing_address: billing ? addressJson(billing) : null,
    has_password: row.password_hash !== null,
    google_linked: row.google_sub !== null,
  };
}
