/**
 * Tailors (docs/TAILORING.md): the public list (filtered by city, specialty and availability; available
 * first, then rating, then id) and one tailor by id or slug, each with its latest reviews embedded. The bio is in
 * the asked language along the fallback chain; `bios` and `specialty_names` carry every language
 * (docs/CATALOGUE.md).
 */
import { textIn, type TextLanguage } from '../../domain/catalog-text';
import { TAILOR_REVIEWS_SHOWN, type Tailor, type TailorAvailability, type TailorReview, type TailorSpecialty } from '../../domain/tailoring';
import type { Database } from '../db/database';
import type { TailorsTable } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import type { Selectable } from 'kysely';
import { parseTextList, textsOf } from './text-columns';

/** The language of a tailor's bio when none is asked (the catalogue's default, http/request-language.ts). */
const DEFAULT_LANGUAGE: TextLanguage = 'ma';

export type TailorRow = Selectable<TailorsTable>;

export interface TailorFilters {
  city?: string;
  specialty?: TailorSpecialty;
  availability?: TailorAvailability;
}

const AVAILABILITY_ORDER: Record<string, number> = { available: 0, busy: 1, unavailable: 2 };

export function tailorImageUrl(tailorId: number): string {
  return `/media/tailors/${tailorId}.svg`;
}

async function latestReviews(tx: Tx, tailorIds: number[]): Promise<Map<number, TailorReview[]>> {
  const byTailor = new Map<number, TailorReview[]>();
  if (tailorIds.length === 0) return byTailor;
  const rows = await tx.selectFrom('tailor_reviews').selectAll().where('tailor_id', 'in', tailorIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  for (const r of rows) {
    const list = byTailor.get(Number(r.tailor_id)) ?? [];
    if (list.length < TAILOR_REVIEWS_SHOWN) list.push({ id: Number(r.id), author: r.author, rating: Number(r.rating), text: r.text, created_at: Number(r.created_at) });
    byTailor.set(Number(r.tailor_id), list);
  }
  return byTailor;
}

function toTailorDoc(row: TailorRow, reviews: TailorReview[], language: TextLanguage): Tailor {
  const bios = textsOf(row.bios_json, row.bio, '');
  const specialties = JSON.parse(row.specialties_json) as TailorSpecialty[];
  const names = parseTextList(row.specialty_names_json);
  return {
    id: String(row.id),
    tailor_id: Number(row.id),
    slug: row.slug,
    name: row.name,
    name_ar: row.name_ar,
    city: row.city,
    location: row.location,
    specialties,
    // One map per specialty, in the same order; a specialty without one reads as its code.
    specialty_names: specialties.map((code, i) => {
      const held = names[i];
      return held !== undefined && Object.keys(held).length > 0 ? held : { en: code };
    }),
    experience_years: Number(row.experience_years),
    rating: Number(row.rating_x10) / 10,
    reviews_count: Number(row.reviews_count),
    availability: row.availability as TailorAvailability,
    bio: textIn(bios, language),
    bios,
    image: row.image,
    reviews,
    updatedAt: Number(row.updated_at),
  };
}

export async function listTailors(db: Database, filters: TailorFilters, language: TextLanguage = DEFAULT_LANGUAGE): Promise<Tailor[]> {
  let query = db.kysely.selectFrom('tailors').selectAll().where('deleted', '=', 0);
  if (filters.city !== undefined) query = query.where('city', '=', filters.city);
  if (filters.availability !== undefined) query = query.where('availability', '=', filters.availability);
  const rows = (await query.execute())
    .filter((r) => filters.specialty === undefined || (JSON.parse(r.specialties_json) as string[]).includes(filters.specialty))
    .sort(
      (a, b) =>
        (AVAILABILITY_ORDER[a.availability] ?? 3) - (AVAILABILITY_ORDER[b.availability] ?? 3) ||
        Number(b.rating_x10) - Number(a.rating_x10) ||
        Number(a.id) - Number(b.id),
    );
  const reviews = await latestReviews(db.kysely, rows.map((r) => Number(r.id)));
  return rows.map((r) => toTailorDoc(r, reviews.get(Number(r.id)) ?? [], language));
}

/** A live tailor by id, or by slug; null when there is none. */
export async function findTailor(
  db: Database,
  key: { id: number } | { slug: string },
  tx: Tx = db.kysely,
  language: TextLanguage = DEFAULT_LANGUAGE,
): Promise<Tailor | null> {
  let query = tx.selectFrom('tailors').selectAll().where('deleted', '=', 0);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const reviews = await latestReviews(tx, [Number(row.id)]);
  return toTailorDoc(row, reviews.get(Number(row.id)) ?? [], language);
}
