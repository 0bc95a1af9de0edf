/**
 * Community posts and responses as the wire and the RxDB documents carry them
 * (src/domain/community-schemas.ts): rows → documents, with their image URLs
 * and the responding shop's name and slug read in a few batched queries.
 */
import type { CommunityPost, CommunityResponse } from '../../domain/community-schemas';
import type { PostCategory, PostStatus, ResponseStatus, TimelineUnit } from '../../domain/community';
import type { Color } from '../../domain/catalog-constants';
import { fromCentimes } from '../../domain/money';
import type { Tx } from '../db/write-transaction';
import type { CommunityPostsTable, CommunityResponsesTable } from '../db/schema';
import type { Selectable } from 'kysely';

export type PostRow = Selectable<CommunityPostsTable>;
export type ResponseRow = Selectable<CommunityResponsesTable>;

/** Community image URLs: /media/community/{32 hex}.webp. */
export const COMMUNITY_MEDIA_PREFIX = '/media/community/';
export const COMMUNITY_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;
export const communityImageUrl = (file: string): string => `${COMMUNITY_MEDIA_PREFIX}${file}`;

/** The document id: the app's client ref when it gave one, else the server id as text. */
export const postDocId = (row: Pick<PostRow, 'id' | 'client_ref'>): string => row.client_ref ?? String(row.id);
export const responseDocId = (row: Pick<ResponseRow, 'id' | 'client_ref'>): string => row.client_ref ?? String(row.id);

function stringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

async function imagesBy(tx: Tx, column: 'post_id' | 'response_id', ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await tx
    .selectFrom('community_images')
    .select([column, 'file'])
    .where(column, 'in', [...ids])
    .orderBy(column)
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const owner = Number(row[column]);
    const list = out.get(owner) ?? [];
    list.push(communityImageUrl(row.file));
    out.set(owner, list);
  }
  return out;
}

/** Posts as documents (responses empty; the pull embeds them where the caller may see them). */
export async function toPostDocs(tx: Tx, rows: readonly PostRow[]): Promise<CommunityPost[]> {
  const images = await imagesBy(
    tx,
    'post_id',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: postDocId(r),
    post_id: Number(r.id),
    user_id: Number(r.user_id),
    author_name: r.author_name,
    title: r.title,
    description: r.description,
    category: r.category as PostCategory,
    category_id: r.category_id === null ? null : Number(r.category_id),
    images: images.get(Number(r.id)) ?? [],
    budget_min: fromCentimes(Number(r.budget_min_cents)),
    budget_max: fromCentimes(Number(r.budget_max_cents)),
    currency: 'MAD' as const,
    timeline_value: Number(r.timeline_value),
    timeline_unit: r.timeline_unit as TimelineUnit,
    expected_delivery: r.expected_delivery,
    specifications: r.specifications,
    required_skills: stringList(r.required_skills_json),
    preferred_colors: stringList(r.preferred_colors_json) as Color[],
    preferred_styles: stringList(r.preferred_styles_json),
    status: r.status as PostStatus,
    responses_count: Number(r.responses_count),
    accepted_response_id: r.accepted_response_id === null ? null : Number(r.accepted_response_id),
    responses: [],
    created_at: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

export async function toPostDoc(tx: Tx, row: PostRow): Promise<CommunityPost> {
  const [doc] = await toPostDocs(tx, [row]);
  if (!doc) throw new Error(`community post ${row.id} has no document`);
  return doc;
}

/** Responses as documents, in the order given. */
export async function toResponseDocs(tx: Tx, rows: readonly ResponseRow[]): Promise<CommunityResponse[]> {
  if (rows.length === 0) return [];
  const images = await imagesBy(
    tx,
    'response_id',
    rows.map((r) => Number(r.id)),
  );
  const shopIds = [...new Set(rows.map((r) => Number(r.shop_id)))];
  const shops = await tx.selectFrom('shops').select(['id', 'name', 'slug']).where('id', 'in', shopIds).execute();
  const shopById = new Map(shops.map((s) => [Number(s.id), s]));
  return rows.map((r) => {
    const shop = shopById.get(Number(r.shop_id));
    return {
      id: responseDocId(r),
      response_id: Number(r.id),
      post_id: Number(r.post_id),
      shop_id: Number(r.shop_id),
      shop_name: shop?.name ?? '',
      shop_slug: shop?.slug ?? '',
      seller_user_id: Number(r.seller_user_id),
      message: r.message,
      price: fromCentimes(Number(r.price_cents)),
      delivery_days: Number(r.delivery_days),
      images: images.get(Number(r.id)) ?? [],
      status: r.status as ResponseStatus,
      created_at: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  });
}

export async function toResponseDoc(tx: Tx, row: ResponseRow): Promise<CommunityResponse> {
  const [doc] = await toResponseDocs(tx, [row]);
  if (!doc) throw new Error(`community response ${row.id} has no document`);
  return doc;
}
