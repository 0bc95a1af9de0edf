/**
 * Which local collections hold one user's data (wiped at logout, ASVS V14.3.1)
 * and which mirror the public catalogue (kept, so the shop still works offline
 * after logout). Every collection of collections-plan.md is classified here; a
 * test reads the plan and fails when one is missing, so a new collection cannot
 * slip past the logout wipe.
 */
import type { RxCollection } from 'rxdb';

export const COLLECTION_PRIVACY = {
  products: 'public',
  categories: 'public',
  shops: 'public',
  cart_items: 'personal',
  wishlist: 'personal',
  follows: 'personal',
  orders: 'personal',
  // Everyone's reviews, pulled like the catalogue (GET /api/sync/reviews/pull): public, kept at logout.
  reviews: 'public',
  conversations: 'personal',
  messages: 'personal',
  // Own posts and the open posts pulled with them: cheap to pull again, so wiped whole.
  community_posts: 'personal',
  // Tailoring bookings (docs/TAILORING.md): the user's own.
  bookings: 'personal',
  // Queued writes carry the user's data and must never replay under another account.
  outbox: 'personal',
} as const satisfies Record<string, 'personal' | 'public'>;

export type CollectionName = keyof typeof COLLECTION_PRIVACY;

/**
 * Local document naming whose personal data the database holds: `{owner, heldUntil?}`, owner being the
 * tokenOwner of the session that wrote it (`u<userId>`); written by the data service (data-service.ts).
 */
export const PERSONAL_OWNER_ID = 'personal-owner';

/** The user id of the stored owner (`u<id>`), or null (signed out, or not a numeric owner). */
export function ownerUserIdOf(data: unknown): number | null {
  const owner = (data as { owner?: unknown } | undefined)?.owner;
  return typeof owner === 'string' && /^u\d+$/.test(owner) ? Number(owner.slice(1)) : null;
}

const NAMES = Object.keys(COLLECTION_PRIVACY) as CollectionName[];

export const PERSONAL_COLLECTIONS: readonly CollectionName[] = NAMES.filter((n) => COLLECTION_PRIVACY[n] === 'personal');
export const PUBLIC_COLLECTIONS: readonly CollectionName[] = NAMES.filter((n) => COLLECTION_PRIVACY[n] === 'public');

/** Unknown names count as personal: wiping too much only costs a re-pull, keeping too much leaks. */
export function isPersonalCollection(name: string): boolean {
  return (COLLECTION_PRIVACY as Record<string, string>)[name] !== 'public';
}

async function emptyCollection(collection: RxCollection): Promise<void> {
  await collection.find().remove();
  // RxDB keeps deleted documents as tombstones with their data; purge them now, not at some later cleanup.
  while (!(await collection.storageInstance.cleanup(0))) {
    // More tombstones than one cleanup pass takes: go again.
  }
}

/**
 * Removes every document of every personal collection the database has open
 * (public ones are left alone), but those named in `except`; resolves with the
 * names it emptied.
 */
export async function clearPersonalCollections(
  db: { readonly collections: object },
  options: { except?: readonly string[] } = {},
): Promise<string[]> {
  const collections = db.collections as Record<string, RxCollection>;
  const names = Object.keys(collections)
    .filter((name) => isPersonalCollection(name) && !(options.except ?? []).includes(name))
    .sort();
  for (const name of names) {
    const collection = collections[name];
    if (collection) await emptyCollection(collection);
  }
  return names;
}
