/**
 * One seller account per demo shop (docs/ACCOUNTS.md): email
 * `{slug}@sellers.souk.test`, role seller, first name = the shop's name, and
 * the shop's owner_user_id pointing at it. The password is the one given
 * (SEED_SELLER_PASSWORD) or none, so nothing secret is committed and a
 * password-less seller simply cannot sign in with one.
 *
 * Idempotent, so npm start can run it on a database seeded before accounts
 * existed: shops that already have an owner are left alone, an existing
 * account with the seller email is linked rather than duplicated, and a given
 * password is set on demo sellers that have none. Rows are deterministic
 * (usernames and dates come from the shop), apart from the password's salt.
 */
import type { Database } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { createUser, findUserByEmail, isUniqueViolation, updateUser } from '../repositories/users';
import { slugify } from '../repositories/shop-reads';
import { SHOPS } from './shop-data';

export const SELLER_EMAIL_DOMAIN = 'sellers.souk.test';

export function sellerEmail(shopSlug: string): string {
  return `${shopSlug}@${SELLER_EMAIL_DOMAIN}`;
}

export interface SellerSeedOptions {
  /** The demo sellers' password; null or absent: no password. */
  password?: string | null;
  /** scrypt cost (tests lower it). */
  scryptLog2N?: number;
}

export async function seedDemoSellers(db: Database, opts: SellerSeedOptions = {}): Promise<number> {
  const slugs = SHOPS.map((s) => slugify(s.name));
  const shops = await db.kysely.selectFrom('shops').select(['id', 'slug', 'name', 'joined_at', 'owner_user_id']).where('slug', 'in', slugs).orderBy('id').execute();
  const password = opts.password ?? null;
  // One hash for all demo sellers: the same password, and 15 scrypt runs would slow every start down.
  const hash = password === null ? null : await hashPassword(password, { log2N: opts.scryptLog2N });
  let created = 0;
  for (const shop of shops) {
    const email = sellerEmail(shop.slug);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (hash !== null && existing.password_hash === null && existing.role === 'seller') await updateUser(db, existing.id, { password_hash: hash });
      if (shop.owner_user_id === null && existing.role === 'seller') {
        await db.kysely.updateTable('shops').set({ owner_user_id: existing.id }).where('id', '=', shop.id).where('owner_user_id', 'is', null).execute();
      }
      continue;
    }
    if (shop.owner_user_id !== null) continue;
    await db.kysely.transaction().execute(async (tx) => {
      const row = { email, first_name: shop.name, role: 'seller' as const, password_hash: hash, created_at: Number(shop.joined_at) };
      let user;
      try {
        user = await createUser({ kysely: tx }, { ...row, username: `seller${shop.id}` });
      } catch (error) {
        if (!isUniqueViolation(error, 'username')) throw error;
        // Someone registered that username first (a database seeded before accounts existed).
        throw new Error(`username seller${shop.id} is taken; cannot create the demo seller of ${shop.slug}`);
      }
      await tx.updateTable('shops').set({ owner_user_id: user.id }).where('id', '=', shop.id).execute();
    });
    created += 1;
  }
  return created;
}
