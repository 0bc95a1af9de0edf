/**
 * Demo buyers and their reviews, so every seeded product's rating and review
 * count are what its review rows give (the same ratingX10Of as every review
 * write), not numbers with nothing behind them.
 *
 * - Buyers: `buyer{n}@buyers.souk.test`, username `buyer{n}`, role user, no
 *   password (they cannot sign in; they only author the demo reviews).
 *   Idempotent like the demo sellers: after a catalogue reset the existing
 *   accounts are reused.
 * - Reviews: 0–6 per product, each by a different buyer, ratings skewed
 *   positive, dated between the product's listing and the seed's clock. A few
 *   carry helpful / not helpful reactions from other buyers, with the
 *   counters matching the reaction rows. verified_purchase is 0: no orders
 *   exist yet to verify against.
 * Each product's reviews come from a generator seeded by its id alone, so they
 * do not depend on how many products are seeded.
 */
import type { Insertable } from 'kysely';
import type { ReviewReactionsTable, ReviewsTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { createUser } from '../repositories/users';
import { createPrng, hashString } from './prng';
import { SEED_EPOCH_MS } from './product-generator';
import { BUYERS, REVIEW_TEXTS } from './review-data';

export const BUYER_EMAIL_DOMAIN = 'buyers.souk.test';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const MAX_REVIEWS_PER_PRODUCT = 6;

export function buyerEmail(n: number): string {
  return `buyer${n}@${BUYER_EMAIL_DOMAIN}`;
}

export interface DemoBuyer {
  id: number;
  /** The name shown with their reviews (as review-writes derives it). */
  name: string;
}

export type SeedReviewRow = Insertable<ReviewsTable> & { id: number; rating: number };
export type SeedReactionRow = Insertable<ReviewReactionsTable>;

/** The demo buyer accounts, in BUYERS order, created when missing. */
export async function ensureDemoBuyers(tx: Tx): Promise<DemoBuyer[]> {
  const emails = BUYERS.map((_, i) => buyerEmail(i + 1));
  const load = () => tx.selectFrom('users').select(['id', 'email', 'username', 'first_name', 'last_name']).where('email', 'in', emails).execute();
  const existing = new Set((await load()).map((u) => u.email));
  const missing = BUYERS.flatMap((b, i) => (existing.has(emails[i] as string) ? [] : [{ ...b, n: i + 1 }]));
  if (missing.length > 0) {
    const usernames = missing.map((b) => `buyer${b.n}`);
    const taken = await tx.selectFrom('users').select('username').where('username', 'in', usernames).execute();
    if (taken.length > 0) throw new Error(`username ${taken[0]?.username} is taken; cannot create that demo buyer`);
    for (const b of missing) {
      await createUser(
        { kysely: tx },
        {
          email: buyerEmail(b.n),
          username: `buyer${b.n}`,
          first_name: b.first_name,
          last_name: b.last_name,
          language: b.language,
          role: 'user',
          password_hash: null,
          created_at: SEED_EPOCH_MS - (400 - b.n) * DAY_MS,
        },
      );
    }
  }
  const byEmail = new Map((await load()).map((u) => [u.email, u]));
  return emails.map((email) => {
    const u = byEmail.get(email);
    if (!u) throw new Error(`demo buyer ${email} is missing`);
    const name = `${u.first_name} ${u.last_name}`.trim();
    return { id: Number(u.id), name: name === '' ? u.username : name };
  });
}

/** Weights of 1…5 stars: most products are liked, a few are not. */
const LIKED = [0.03, 0.05, 0.12, 0.3, 0.5];
const DISLIKED = [0.2, 0.22, 0.26, 0.2, 0.12];

function drawRating(r: number, weights: readonly number[]): number {
  let left = r;
  for (let i = 0; i < weights.length; i++) {
    left -= weights[i] as number;
    if (left < 0) return i + 1;
  }
  return weights.length;
}

export interface ProductReviews {
  /** ids from firstId on; updated_at 0 (the caller stamps them from the replication clock). */
  reviews: SeedReviewRow[];
  reactions: SeedReactionRow[];
  /** Sum of the ratings. */
  total: number;
}

/** The demo reviews of product `productId`, listed at `productCreatedAt`; deterministic in the product id. */
export function generateReviews(productId: number, productCreatedAt: number, buyers: readonly DemoBuyer[], firstId: number): ProductReviews {
  const rng = createPrng(hashString(`reviews:${productId}`));
  const count = rng.chance(0.22) ? 0 : rng.int(1, MAX_REVIEWS_PER_PRODUCT);
  const weights = rng.chance(0.12) ? DISLIKED : LIKED;
  const authors = rng.sample(buyers, count);
  const span = Math.max(0, SEED_EPOCH_MS - productCreatedAt);
  const reviews: SeedReviewRow[] = [];
  const reactions: SeedReactionRow[] = [];
  let total = 0;
  for (const author of authors) {
    const id = firstId + reviews.length;
    const rating = drawRating(rng.next(), weights);
    const text = rng.pick(REVIEW_TEXTS[rating - 1] ?? []);
    const createdAt = productCreatedAt + (span === 0 ? 0 : rng.int(1, span));
    let helpful = 0;
    let notHelpful = 0;
    if (rng.chance(0.2)) {
      const voters = rng.sample(
        buyers.filter((b) => b.id !== author.id),
        rng.int(1, 3),
      );
      for (const voter of voters) {
        const reaction = rng.chance(rating >= 3 ? 0.85 : 0.5) ? 'helpful' : 'not_helpful';
        if (reaction === 'helpful') helpful += 1;
        else notHelpful += 1;
        reactions.push({ review_id: id, user_id: voter.id, reaction, created_at: Math.min(SEED_EPOCH_MS, createdAt + rng.int(HOUR_MS, 7 * DAY_MS)) });
      }
    }
    reviews.push({
      id,
      product_id: productId,
      user_id: author.id,
      author_name: author.name,
      rating,
      title: text.title,
      content: text.content,
      verified_purchase: 0,
      helpful_count: helpful,
      not_helpful_count: notHelpful,
      created_at: createdAt,
      updated_at: 0,
      deleted: 0,
    });
    total += rating;
  }
  return { reviews, reactions, total };
}
