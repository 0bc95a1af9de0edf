/** What the picture routes need to know: names, garment kind (via slug) and main colour. */
import type { Database } from '../db/database';

export async function productPictureFacts(
  db: Database,
  id: number,
): Promise<{ name: string; categorySlug: string; firstColor: string | null } | null> {
  const product = await db.kysely
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.name', 'categories.slug'])
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (!product) return null;
  const first = await db.kysely
    .selectFrom('product_variants')
    .select('color')
    .where('product_id', '=', id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return { name: product.name, categorySlug: product.slug, firstColor: first?.color ?? null };
}

export async function categoryPictureFacts(
  db: Database,
  slug: string,
): Promise<{ slug: string; gender: string; name_en: string } | null> {
  const row = await db.kysely
    .selectFrom('categories')
    .select(['slug', 'gender', 'name_en'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row ?? null;
}

export async function shopPictureFacts(db: Database, id: number): Promise<{ id: number; name: string } | null> {
  const row = await db.kysely.selectFrom('shops').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}
