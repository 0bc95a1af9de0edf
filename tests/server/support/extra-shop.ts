/** Adds a shop through the app's own shop write (insertShops), for tests that need names the seed lacks. */
import type { Database } from '../../../src/server/db/database';
import { replicationClock, writeTransaction } from '../../../src/server/db/write-transaction';
import { slugify } from '../../../src/server/repositories/shop-reads';
import { insertShops } from '../../../src/server/repositories/shop-writes';

export async function addShop(db: Database, name: string, nameAr: string): Promise<void> {
  await writeTransaction(db, ['shops'], async (tx) => {
    const clock = await replicationClock(tx, 'shops');
    await insertShops(tx, [
      {
        slug: slugify(name),
        name,
        name_ar: nameAr,
        status: 'active',
        store_type: 'individual',
        is_featured: 0,
        is_verified: 0,
        logo: '/media/shops/1/logo.svg',
        cover: '/media/shops/1/cover.svg',
        description: 'A test shop.',
        description_ar: 'متجر للاختبار.',
        city: 'Fès',
        address: 'Talaa Kebira',
        rating_x10: 40,
        total_reviews: 0,
        products_count: 0,
        followers: 0,
        response_rate: 90,
        response_time_hours: 2,
        joined_at: Date.UTC(2024, 0, 1),
        updated_at: clock.next(),
        deleted: 0,
      },
    ]);
  });
}
