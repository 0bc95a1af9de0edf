/**
 * Demo community requests (docs/COMMUNITY.md, "Community"): a few posts by
 * the first demo buyers and responses by the sellers of verified demo shops,
 * so the community screens have something to show. Fixed texts, dated before
 * the seed's clock; updated_at from the community clock like every post
 * write. Idempotent: a post or response whose client ref exists is kept, so a
 * second seed (or one after a catalogue reset) adds nothing twice. No
 * notifications are recorded or sent for these.
 */
import type { Color } from '../../domain/catalog-constants';
import type { PostCategory, PostStatus, TimelineUnit } from '../../domain/community';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { insertPost, insertResponse, nextStamp } from '../repositories/community-writes';
import { slugify } from '../repositories/shop-reads';
import { SEED_EPOCH_MS } from './product-generator';
import { buyerEmail } from './seed-reviews';
import { SHOPS } from './shop-data';

const DAY_MS = 86_400_000;

interface SeedResponse {
  /** Index into SHOPS (a verified, active shop). */
  shop: number;
  message: string;
  price: number;
  days: number;
  status: 'pending' | 'accepted' | 'rejected';
}

interface SeedPost {
  ref: string;
  buyer: number;
  daysAgo: number;
  title: string;
  description: string;
  category: PostCategory;
  categorySlug: string | null;
  budget: [number, number];
  timeline: [number, TimelineUnit];
  specifications: string;
  skills: string[];
  colors: Color[];
  styles: string[];
  status: PostStatus;
  responses: SeedResponse[];
}

export const DEMO_POSTS: readonly SeedPost[] = [
  {
    ref: 'seed-post-0001',
    buyer: 1,
    daysAgo: 9,
    title: 'Emerald velvet kaftan for a wedding',
    description: 'Looking for a floor-length velvet kaftan in emerald green with gold sfifa trim, for a family wedding in Fès.',
    category: 'clothing',
    categorySlug: 'women-kaftan',
    budget: [1500, 3000],
    timeline: [4, 'weeks'],
    specifications: 'Size M, long sleeves, hand-stitched sfifa, lined.',
    skills: ['Sfifa embroidery', 'Velvet tailoring'],
    colors: ['green'],
    styles: ['traditional', 'wedding'],
    status: 'open',
    responses: [
      { shop: 0, message: 'We can make it in royal velvet with handmade sfifa and aakad buttons.', price: 2400, days: 21, status: 'pending' },
      { shop: 1, message: 'Our atelier can deliver a modern cut with traditional trim.', price: 2750, days: 25, status: 'pending' },
    ],
  },
  {
    ref: 'seed-post-0002',
    buyer: 2,
    daysAgo: 7,
    title: 'Wool djellaba for winter',
    description: 'A warm hooded djellaba in natural wool for a man, classic cut, discreet embroidery at the neck.',
    category: 'clothing',
    categorySlug: 'men-djellaba',
    budget: [600, 1200],
    timeline: [3, 'weeks'],
    specifications: 'Size L, hood, two side pockets.',
    skills: ['Hand weaving'],
    colors: ['white', 'black'],
    styles: ['classic'],
    status: 'in_progress',
    responses: [{ shop: 4, message: 'Handwoven wool from the Middle Atlas, hood and pockets included.', price: 950, days: 18, status: 'accepted' }],
  },
  {
    ref: 'seed-post-0003',
    buyer: 3,
    daysAgo: 5,
    title: 'Silver Berber necklace',
    description: 'A silver necklace with amber and coral in the Berber tradition, to wear with a takchita.',
    category: 'jewelry',
    categorySlug: 'women-jewelry',
    budget: [800, 1800],
    timeline: [2, 'weeks'],
    specifications: 'Chain about 45 cm, central pendant.',
    skills: ['Silversmithing'],
    colors: ['red', 'yellow'],
    styles: ['berber'],
    status: 'open',
    responses: [{ shop: 0, message: 'We work with a silversmith in Tiznit; amber and coral pendant possible.', price: 1350, days: 14, status: 'pending' }],
  },
  {
    ref: 'seed-post-0004',
    buyer: 1,
    daysAgo: 4,
    title: 'Embroidered babouches to match a kaftan',
    description: 'Pointed leather babouches embroidered with gold thread, to match a green kaftan.',
    category: 'shoes',
    categorySlug: 'women-shoes',
    budget: [200, 450],
    timeline: [10, 'days'],
    specifications: 'Size 38.',
    skills: [],
    colors: ['green', 'yellow'],
    styles: ['traditional'],
    status: 'open',
    responses: [],
  },
  {
    ref: 'seed-post-0005',
    buyer: 4,
    daysAgo: 3,
    title: 'Matching jabadors for two boys',
    description: 'Two matching jabadors for boys aged 6 and 9, for Eid, in light blue with white trim.',
    category: 'clothing',
    categorySlug: 'children-jabador',
    budget: [500, 900],
    timeline: [2, 'weeks'],
    specifications: 'Ages 6 and 9; trousers included.',
    skills: [],
    colors: ['blue', 'white'],
    styles: ['eid'],
    status: 'open',
    responses: [
      { shop: 4, message: 'Two matching sets with trousers, light blue cotton and white trim.', price: 780, days: 12, status: 'rejected' },
      { shop: 6, message: 'Chefchaouen blue cotton, hand-finished trim, both sizes.', price: 720, days: 10, status: 'pending' },
    ],
  },
  {
    ref: 'seed-post-0006',
    buyer: 2,
    daysAgo: 2,
    title: 'Leather travel bag with zellige pattern',
    description: 'A leather weekend bag with an embossed zellige pattern and brass fittings.',
    category: 'accessories',
    categorySlug: null,
    budget: [700, 1500],
    timeline: [1, 'months'],
    specifications: 'About 50 × 30 × 25 cm.',
    skills: ['Leatherwork'],
    colors: ['black'],
    styles: ['modern'],
    status: 'closed',
    responses: [],
  },
];

/** Adds the demo posts and responses that are not there yet; returns how many posts it added. */
export async function seedDemoCommunity(db: Database, now: number = Date.now()): Promise<number> {
  return writeTransaction(db, [], async (tx) => {
    let added = 0;
    for (const post of DEMO_POSTS) {
      const buyer = await tx.selectFrom('users').select('id').where('email', '=', buyerEmail(post.buyer)).executeTakeFirst();
      if (!buyer) continue;
      const userId = Number(buyer.id);
      const known = await tx.selectFrom('community_posts').select('id').where('client_ref', '=', post.ref).executeTakeFirst();
      if (known) continue;
      const category =
        post.categorySlug === null ? undefined : await tx.selectFrom('categories').select('id').where('slug', '=', post.categorySlug).where('deleted', '=', 0).executeTakeFirst();
      const createdAt = SEED_EPOCH_MS - post.daysAgo * DAY_MS;
      const { row } = await insertPost(
        tx,
        {
          userId,
          clientRef: post.ref,
          title: post.title,
          description: post.description,
          category: post.category,
          categoryId: category ? Number(category.id) : null,
          budgetMinCents: post.budget[0] * 100,
          budgetMaxCents: post.budget[1] * 100,
          timelineValue: post.timeline[0],
          timelineUnit: post.timeline[1],
          expectedDelivery: null,
          specifications: post.specifications,
          requiredSkills: post.skills,
          preferredColors: post.colors,
          preferredStyles: post.styles,
          images: [],
          now: createdAt,
        },
        await nextStamp(db, tx, now),
        false,
      );
      const postId = Number(row.id);
      let accepted: number | null = null;
      for (const [i, response] of post.responses.entries()) {
        const seed = SHOPS[response.shop];
        if (!seed || !seed.is_verified || seed.status !== 'active') continue;
        const shop = await tx.selectFrom('shops').select(['id', 'owner_user_id']).where('slug', '=', slugify(seed.name)).executeTakeFirst();
        if (!shop || shop.owner_user_id === null) continue;
        const responseId = await insertResponse(
          tx,
          {
            userId: Number(shop.owner_user_id),
            shopId: Number(shop.id),
            postId,
            clientRef: `${post.ref}-r${i + 1}`,
            message: response.message,
            priceCents: response.price * 100,
            deliveryDays: response.days,
            images: [],
            now: createdAt + (i + 1) * 3_600_000,
          },
          await nextStamp(db, tx, now),
        );
        if (response.status !== 'pending') {
          await tx.updateTable('community_responses').set({ status: response.status }).where('id', '=', responseId).execute();
        }
        if (response.status === 'accepted') accepted = responseId;
      }
      const status: PostStatus = post.status === 'in_progress' && accepted === null ? 'open' : post.status;
      if (status !== 'open') {
        await tx
          .updateTable('community_posts')
          .set({ status, accepted_response_id: accepted, updated_at: await nextStamp(db, tx, now) })
          .where('id', '=', postId)
          .execute();
      }
      added++;
    }
    return added;
  });
}
