/**
 * Demo tailors (docs/TAILORING.md): eight workshops across Moroccan cities with every availability
 * (available, busy, unavailable), their specialties, experience and a few reviews each; the rating and
 * reviews count are those reviews'. Fixed texts, dated before the seed's clock. Idempotent: a tailor whose
 * slug exists is kept, so a second seed adds nothing twice.
 */
import type { TailorAvailability, TailorSpecialty } from '../../domain/tailoring';
import type { Database } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { ratingX10Of } from '../repositories/review-rating';
import { tailorImageUrl } from '../repositories/tailors';
import { englishColumn } from '../repositories/text-columns';
import { tailorTexts } from './catalog-texts';
import { SEED_EPOCH_MS } from './product-generator';

const DAY_MS = 86_400_000;

interface SeedTailor {
  slug: string;
  name: string;
  name_ar: string;
  city: string;
  location: string;
  specialties: TailorSpecialty[];
  experience: number;
  availability: TailorAvailability;
  bio: string;
  reviews: [author: string, rating: number, text: string, daysAgo: number][];
}

export const DEMO_TAILORS: readonly SeedTailor[] = [
  {
    slug: 'atelier-benjelloun-fes',
    name: 'Atelier Benjelloun',
    name_ar: 'مشغل بنجلون',
    city: 'Fès',
    location: 'Talaa Kebira, Fès el-Bali',
    specialties: ['kaftan', 'takchita', 'djellaba'],
    experience: 32,
    availability: 'available',
    bio: 'Three generations of hand-stitched sfifa and aakad buttons in the heart of the medina.',
    reviews: [
      ['Salma R.', 5, 'My wedding takchita was perfect, every button made by hand.', 20],
      ['Youssef A.', 5, 'A djellaba that fits like no other. Worth the wait.', 45],
      ['Nadia K.', 4, 'Beautiful work, the fitting took two visits.', 80],
    ],
  },
  {
    slug: 'dar-lkhiyata-marrakech',
    name: 'Dar Lkhiyata',
    name_ar: 'دار الخياطة',
    city: 'Marrakech',
    location: 'Rue Mouassine, Medina',
    specialties: ['kaftan', 'jabador', 'alterations'],
    experience: 18,
    availability: 'busy',
    bio: 'Festive kaftans and jabadors for the whole family, with quick alterations on site.',
    reviews: [
      ['Omar B.', 5, 'The jabador for my son was ready for Eid as promised.', 12],
      ['Khadija M.', 4, 'Lovely embroidery, very busy workshop.', 30],
    ],
  },
  {
    slug: 'maison-alaoui-casablanca',
    name: 'Maison Alaoui',
    name_ar: 'دار العلوي',
    city: 'Casablanca',
    location: 'Boulevard d’Anfa, Racine',
    specialties: ['suits', 'alterations'],
    experience: 25,
    availability: 'available',
    bio: 'Made-to-measure suits in Italian and Moroccan wool, two fittings included.',
    reviews: [
      ['Karim T.', 5, 'The best suit I have owned, cut exactly to my shoulders.', 8],
      ['Mehdi L.', 4, 'Sharp alterations, done in two days.', 25],
      ['Rachid E.', 5, 'Excellent advice on the fabric.', 60],
    ],
  },
  {
    slug: 'khayat-rabat',
    name: 'Khayat Rabat',
    name_ar: 'خياط الرباط',
    city: 'Rabat',
    location: 'Avenue Mohammed V, Hassan',
    specialties: ['djellaba', 'suits', 'alterations'],
    experience: 14,
    availability: 'unavailable',
    bio: 'Classic djellabas and city suits. The workshop is closed for renovation for now.',
    reviews: [
      ['Hamza O.', 4, 'Clean work on my wool djellaba.', 90],
      ['Imane S.', 4, 'Friendly and precise.', 120],
    ],
  },
  {
    slug: 'atelier-tanja-tanger',
    name: 'Atelier Tanja',
    name_ar: 'مشغل طنجة',
    city: 'Tanger',
    location: 'Rue de la Liberté, Ville Nouvelle',
    specialties: ['takchita', 'kaftan'],
    experience: 11,
    availability: 'available',
    bio: 'Modern takchitas with northern embroidery, for weddings and henna nights.',
    reviews: [
      ['Sara Z.', 5, 'They understood exactly the style I wanted.', 15],
      ['Lina H.', 5, 'Gorgeous colours and fine finishing.', 40],
    ],
  },
  {
    slug: 'dar-tetouan-couture',
    name: 'Dar Tétouan Couture',
    name_ar: 'دار تطوان للخياطة',
    city: 'Tétouan',
    location: 'Medina, near Bab Okla',
    specialties: ['kaftan', 'djellaba', 'jabador'],
    experience: 40,
    availability: 'busy',
    bio: 'Andalusian heritage tailoring: silk kaftans and fine jabadors made by a master maâlem.',
    reviews: [
      ['Aicha F.', 5, 'A true master, the kaftan is a work of art.', 10],
      ['Brahim N.', 5, 'Worth joining the waitlist.', 55],
      ['Zineb C.', 4, 'Long wait but superb result.', 100],
    ],
  },
  {
    slug: 'souss-tailleur-agadir',
    name: 'Souss Tailleur',
    name_ar: 'خياط سوس',
    city: 'Agadir',
    location: 'Talborjt, near the souk',
    specialties: ['alterations', 'suits'],
    experience: 9,
    availability: 'available',
    bio: 'Fast alterations and light summer suits in linen.',
    reviews: [
      ['Yassine D.', 4, 'Hemmed my trousers in one hour.', 5],
      ['Ghita A.', 5, 'Very kind and quick.', 35],
    ],
  },
  {
    slug: 'maalem-idrissi-meknes',
    name: 'Maâlem Idrissi',
    name_ar: 'المعلم الإدريسي',
    city: 'Meknès',
    location: 'Place El Hedim',
    specialties: ['djellaba', 'jabador', 'takchita'],
    experience: 27,
    availability: 'unavailable',
    bio: 'Hand-woven djellabas from Meknès. Not taking new orders this season.',
    reviews: [
      ['Adil R.', 5, 'Traditional work done the right way.', 70],
      ['Hind B.', 4, 'Beautiful djellaba, took a while.', 150],
    ],
  },
];

/** Inserts the demo tailors that are not there yet; returns how many were added. */
export async function seedDemoTailors(db: Database, now: number = Date.now()): Promise<number> {
  return writeTransaction(db, [], async (tx) => {
    let added = 0;
    for (const t of DEMO_TAILORS) {
      const known = await tx.selectFrom('tailors').select('id').where('slug', '=', t.slug).executeTakeFirst();
      if (known) continue;
      const total = t.reviews.reduce((sum, r) => sum + r[1], 0);
      // The bio and the specialties' names in the six languages (catalog-texts.ts); bio keeps its English.
      const texts = tailorTexts(t);
      const row = await tx
        .insertInto('tailors')
        .values({
          slug: t.slug,
          name: t.name,
          name_ar: t.name_ar,
          city: t.city,
          location: t.location,
          specialties_json: JSON.stringify(t.specialties),
          experience_years: t.experience,
          rating_x10: ratingX10Of(total, t.reviews.length),
          reviews_count: t.reviews.length,
          availability: t.availability,
          bio: englishColumn(texts.bio),
          bios_json: JSON.stringify(texts.bio),
          specialty_names_json: JSON.stringify(texts.specialties),
          image: '',
          updated_at: now + added,
          deleted: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await tx.updateTable('tailors').set({ image: tailorImageUrl(id) }).where('id', '=', id).execute();
      await tx
        .insertInto('tailor_reviews')
        .values(t.reviews.map(([author, rating, text, daysAgo]) => ({ tailor_id: id, author, rating, text, created_at: SEED_EPOCH_MS - daysAgo * DAY_MS })))
        .execute();
      added += 1;
    }
    return added;
  });
}
